-- Touch of Genius: for 3 influence (planets or trade goods), the player uses
-- the effect of another action card in the discard pile, at that card's own
-- timing: in a window, it is offered whenever a discarded card would be
-- (that card's `when`); as an action, whenever a discarded "as an action"
-- card is usable. The copied card's handler runs with its own definition
-- plus `played_as = "touch_of_genius"` (a card that speaks of "this card",
-- such as Strategic Bombardment or Military Foresight, means Touch of Genius
-- then). A copied card with a lasting effect grants itself to "game" as when
-- it is played, so its game copy carries the effect on.
local L = game.lib
local SELF = "touch_of_genius"
local function proxy(d) return setmetatable({ played_as = SELF }, { __index = d }) end
local function listens(d, window)
  for _, w in ipairs(d.windows or {}) do if w == window then return true end end
  return false
end
-- Discarded window cards that could be played now by p.
local function window_cards(ctx, p)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone("discard:actions")) do
    local d = game.data.action_cards[c]
    local h = d and d.handler
    if c ~= SELF and not seen[c] and d.optional and listens(d, ctx.window) and type(h) == "table" then
      seen[c] = true
      if not h.when or h.when(ctx, p, d) then out[#out + 1] = c end
    end
  end
  table.sort(out)
  return out
end
local function action_cards(p)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone("discard:actions")) do
    local d = game.data.action_cards[c]
    local h = d and d.handler
    if c ~= SELF and not seen[c] and type(h) == "table" and h.component and (not h.usable or h.usable(p, d)) then
      seen[c] = true
      out[#out + 1] = c
    end
  end
  table.sort(out)
  return out
end
local function can_pay(p) return L.spendable(p, "influence") >= 3 end
return {
  when = function(ctx, p)
    if p == nil or game.get("game", nil, "ac_lock") or not can_pay(p) then return false end
    return #window_cards(ctx, p) > 0
  end,
  run = function(ctx, p)
    local c = game.choose(p, { key = "ti3.action_card_copied_by" }, window_cards(ctx, p))
    L.pay(p, 3, "influence")
    local d = game.data.action_cards[c]
    game.log({ key = "ti3.copies_card", p = L.pn(p), card = L.name("action_cards", c) })
    local h = d.handler
    -- Paying may have taken what the copied card needs (Bribery's trade
    -- goods, spent on the 3 influence): it then does nothing.
    if h.when and not h.when(ctx, p, proxy(d)) then
      game.log({ key = "ti3.copied_card_idle", card = L.name("action_cards", c) })
      return
    end
    local f = h[ctx.window] or h.run
    f(ctx, p, proxy(d))
  end,
  usable = function(p) return can_pay(p) and #action_cards(p) > 0 end,
  component = function(p, def, ctx)
    local c = game.choose(p, { key = "ti3.action_card_copied_by" }, action_cards(p))
    L.pay(p, 3, "influence")
    local d = game.data.action_cards[c]
    game.log({ key = "ti3.copies_card", p = L.pn(p), card = L.name("action_cards", c) })
    -- Paying may have taken away what the copied card acts on (Uprising's
    -- ready planets, exhausted to pay): it then does nothing.
    if d.handler.usable and not d.handler.usable(p, proxy(d)) then
      game.log({ key = "ti3.copied_card_idle", card = L.name("action_cards", c) })
      return
    end
    d.handler.component(p, proxy(d), ctx)
  end,
}

-- Short Term Truce (law, For/Against).
-- For: in the round after the one it passes in, nobody may activate a
-- system holding another player's ships (activation_terms) nor invade a
-- planet another player controls (landing_terms). Any player may end it by
-- spending 10 influence: offered to each player at the start of each of
-- his turns (our reading of "whenever he wishes"). The law is discarded
-- when that round ends (our reading: it forbids nothing after it).
-- Against: every player who voted Against exhausts one of his planets,
-- chosen by the player on his left (the next in rotation).
local L = game.lib
local function NAME() return L.name("political_cards", "short_term_truce") end
local function truce_now(def)
  if L.law(def.id) ~= "for" then return false end
  local r = game.get("game", nil, "truce_round")
  return r ~= nil and r == (game.get("game", nil, "round") or 0)
end
return {
  resolve = function(outcome, def, tally, voters)
    if outcome == "for" then
      local r = (game.get("game", nil, "round") or 0) + 1
      game.put("game", nil, "truce_round", r)
      game.log({ key = "ti3.truce_next_round", card = NAME() })
      return
    end
    for _, v in ipairs(voters or {}) do
      if v.outcome == "against" then
        local opts = L.ready_planets(v.player)
        if #opts > 0 then
          table.sort(opts)
          local q = L.next_in_rotation(v.player)
          local pl = game.choose(q, { key = "ti3.exhaust_planet", p = L.pn(v.player) }, opts)
          game.exhaust(pl, true)
          game.log({ key = "ti3.exhausts_for", p = L.pn(v.player), planet = L.name("planets", pl), card = NAME() })
        end
      end
    end
  end,
  repeal = function(def) game.put("game", nil, "truce_round", nil) end,
  activation_terms = function(ctx, p, def)
    if p ~= nil or ctx.barred or not truce_now(def) then return end
    for _, u in ipairs(game.units { system = ctx.system, not_owner = ctx.player, space = true }) do
      if L.is_ship(u.owner, u.kind) then ctx.barred = NAME(); return end
    end
  end,
  landing_terms = function(ctx, p, def)
    if p ~= nil or not truce_now(def) then return end
    local o = game.planet_owner(ctx.planet)
    if o and o ~= ctx.player then
      ctx.count = 0
      game.log({ key = "ti3.may_not_invade", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet), card = NAME() })
    end
  end,
  turn_start = function(ctx, p, def)
    if p ~= nil or not truce_now(def) then return end
    local q = ctx.player
    if L.spendable(q, "influence") >= 10 and game.confirm(q, { key = "ti3.end_truce", n = 10, card = NAME() }) then
      L.pay(q, 10, "influence")
      game.log({ key = "ti3.ends_truce", p = L.pn(q), n = 10, card = NAME() })
      L.discard_law(def.id)
    end
  end,
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    local r = game.get("game", nil, "truce_round")
    if r and (game.get("game", nil, "round") or 0) >= r then L.discard_law(def.id) end
  end,
}

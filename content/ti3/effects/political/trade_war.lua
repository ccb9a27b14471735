-- Trade War (law, For/Against).
-- For: while the law is in play, a player who has used the secondary of the
-- Trade strategy card (Trade II too) may also make one other player of his
-- choice discard a trade good (secondary_resolved).
-- Against: every player discards one trade good, if he has one.
local L = game.lib
local function NAME() return L.name("political_cards", "trade_war") end
local TRADE = { trade = true, trade_ii = true, trade_iii = true }
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if game.counter(p, "tg") > 0 then
        game.add(p, "tg", -1)
        game.log({ key = "ti3.discards_tg", p = L.pn(p), n = 1, card = NAME() })
      end
    end
  end,
  secondary_resolved = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not TRADE[ctx.card] then return end
    local q = ctx.player
    local opts = { "none" }
    for _, o in ipairs(L.order_from(q)) do
      if o ~= q and game.counter(o, "tg") > 0 then opts[#opts + 1] = L.pn(o) end
    end
    if #opts == 1 then return end
    local pick = game.choose(q, { key = "ti3.trade_war_target", card = NAME() }, opts)
    if pick == "none" then return end
    local o = tonumber(pick:sub(2))
    game.add(o, "tg", -1)
    game.log({ key = "ti3.makes_discard_tg", p = L.pn(q), q = L.pn(o), card = NAME() })
  end,
}

-- Trade Embargo (directive, elect a player).
-- Every trade agreement of the elected player is broken, and nobody may
-- make one with him this round or the next (L.ban_trade, read by
-- L.may_trade_with).
local L = game.lib
return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if not p then return end
    local round = game.get("game", nil, "round") or 0
    game.log({ key = "ti3.trade_embargo", p = L.pn(p), card = L.name("political_cards", def.id) })
    L.ban_trade(p, nil, round + 1, def.id)
  end,
}

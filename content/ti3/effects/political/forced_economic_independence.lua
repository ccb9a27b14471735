-- Forced Economic Independence (law, elect two players).
-- The council elects a pair of players (options "pA+pB"); while the law is
-- in play those two may not have a trade agreement with each other: the
-- one they have is broken at once (L.ban_trade, read by L.may_trade_with).
-- The law's repeal lifts the ban.
local L = game.lib
return {
  outcomes = function(def, opts)
    local out = {}
    for a = 1, game.num_players() do
      for b = a + 1, game.num_players() do out[#out + 1] = L.pn(a) .. "+" .. L.pn(b) end
    end
    return out
  end,
  resolve = function(outcome, def)
    local a, b = outcome:match("^p(%d+)%+p(%d+)$")
    if not a then return end
    a, b = tonumber(a), tonumber(b)
    game.log({ key = "ti3.no_agreement_between", p = L.pn(a), q = L.pn(b), card = L.name("political_cards", def.id) })
    game.put("game", nil, "law:" .. def.id, outcome)
    L.ban_trade(a, b, nil, def.id)
  end,
  repeal = function(def) L.lift_trade_bans(def.id) end,
}

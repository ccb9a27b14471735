-- Scientist Assassination: as the strategy phase begins, the player names
-- another player, who may not acquire or buy technologies for the rest of
-- the round (the card's "this turn" read as the game round; the rules'
-- L.bar_technology).
local L = game.lib
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and game.num_players() > 1 end,
  run = function(ctx, p)
    local opts = {}
    for q = 1, game.num_players() do if q ~= p then opts[#opts + 1] = L.pn(q) end end
    local q = tonumber(game.choose(p, { key = "ti3.player_no_technology" }, opts):sub(2))
    L.bar_technology(q, nil)
    game.log({ key = "ti3.no_technology_this_round", p = L.pn(q) })
  end,
}

-- Production Biomes: ACTION: exhaust this and spend 1 strategy-pool token to
-- gain 4 trade goods; another player of the holder's choice gains 2.
-- (The component-action step marks the technology exhausted.)
local L = game.lib

return {
  usable = function(p) return game.counter(p, "strategy") > 0 and game.num_players() > 1 end,
  component = function(p, def)
    game.add(p, "strategy", -1)
    L.gain_tg(p, 4, L.name("techs", def.id))
    local opts = {}
    for q = 1, game.num_players() do if q ~= p and not L.eliminated(q) then opts[#opts + 1] = L.pn(q) end end
    local q = tonumber(game.choose(p, { key = "ti4.biomes_pick", card = L.name("techs", def.id) }, opts):sub(2))
    L.gain_tg(q, 2, L.name("techs", def.id))
  end,
}

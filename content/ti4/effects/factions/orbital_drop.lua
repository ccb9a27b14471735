-- Sol, Orbital Drop: ACTION: spend 1 strategy-pool token to put 2 infantry
-- from reinforcements on one planet the player controls.
local L = game.lib

return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #L.drop_planets(p) > 0 end,
  component = function(p, def)
    local planets = L.drop_planets(p)
    table.sort(planets)
    local pl = game.choose(p, { key = "ti4.orbital_drop_planet", ability = L.name("abilities", def.id) }, planets)
    game.add(p, "strategy", -1)
    for _ = 1, 2 do game.spawn("infantry", p, { planet = pl }) end
    game.log({ key = "ti4.puts_2_infantry", p = L.pn(p), planet = L.name("planets", pl), ability = L.name("abilities", def.id) })
  end,
}

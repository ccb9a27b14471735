-- Sol, Orbital Drop: ACTION: spend 1 strategy-pool token to put 2 infantry
-- from reinforcements on one planet the player controls.
local L = game.lib

return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #game.planets_owned(p) > 0 end,
  component = function(p, def)
    local planets = game.planets_owned(p)
    table.sort(planets)
    local pl = game.choose(p, L.name("abilities", def.id) .. ": planet", planets)
    game.add(p, "strategy", -1)
    for _ = 1, 2 do game.spawn("infantry", p, { planet = pl }) end
    game.log(L.pn(p) .. " puts 2 infantry on " .. L.name("planets", pl) .. " (" .. L.name("abilities", def.id) .. ")")
  end,
}

-- Sol: as an action, pay one counter from strategy allocation to put two
-- ground forces from reinforcements on one planet the player controls.
local L = game.lib
return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #game.planets_owned(p) > 0 end,
  component = function(p, def)
    game.add(p, "strategy", -1)
    local opts = game.planets_owned(p)
    table.sort(opts)
    local pl = game.choose(p, L.name("race_abilities", def.id) .. ": put 2 ground forces on", opts)
    for _ = 1, 2 do game.spawn("ground_force", p, { planet = pl }) end
    game.log(L.pn(p) .. " puts 2 ground forces on " .. L.name("planets", pl) .. " (" .. L.name("race_abilities", def.id) .. ")")
  end,
}

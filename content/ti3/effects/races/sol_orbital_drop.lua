-- Sol: as an action, pay one counter from strategy allocation to put two
-- ground forces from reinforcements on one planet the player controls.
local L = game.lib
return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #game.planets_owned(p) > 0 end,
  component = function(p, def)
    game.add(p, "strategy", -1)
    local opts = game.planets_owned(p)
    table.sort(opts)
    local pl = game.choose(p, { key = "ti3.put_2_ground_forces", ability = L.name("race_abilities", def.id) }, opts)
    local n = L.orbital_drop_count(p)
    for _ = 1, n do game.spawn("ground_force", p, { planet = pl }) end
    if n == 2 then
      game.log({ key = "ti3.puts_2_ground_forces", p = L.pn(p), planet = L.name("planets", pl), ability = L.name("race_abilities", def.id) })
    else
      game.log({ key = "ti3.puts_ground_forces_n", p = L.pn(p), n = n, planet = L.name("planets", pl), ability = L.name("race_abilities", def.id) })
    end
  end,
}

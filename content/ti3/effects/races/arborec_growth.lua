-- Arborec: at the start of each status phase, put one ground force from
-- reinforcements on a planet the player controls.
local L = game.lib
return function(ctx, p, def)
  local opts = game.planets_owned(p)
  if #opts == 0 then return end
  table.sort(opts)
  local pl = game.choose(p, { key = "ti3.put_ground_force", ability = L.name("race_abilities", def.id) }, opts)
  game.spawn("ground_force", p, { planet = pl })
  game.log({ key = "ti3.puts_ground_force", p = L.pn(p), planet = L.name("planets", pl), name = L.name("race_abilities", def.id) })
end

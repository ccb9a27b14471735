-- Arborec: at the start of each status phase, put one ground force from
-- reinforcements on a planet the player controls.
local L = game.lib
return function(ctx, p, def)
  local opts = game.planets_owned(p)
  if #opts == 0 then return end
  table.sort(opts)
  local pl = game.choose(p, L.name("race_abilities", def.id) .. ": put a ground force on", opts)
  game.spawn("ground_force", p, { planet = pl })
  game.log(L.pn(p) .. " puts a ground force on " .. L.name("planets", pl) .. " (" .. L.name("race_abilities", def.id) .. ")")
end

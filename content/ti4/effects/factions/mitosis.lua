-- Arborec, Mitosis: when the status phase starts, 1 infantry from
-- reinforcements goes on a planet the player controls. (The other half, that
-- space docks do not produce infantry, is in rules/faction_rules_b.lua.)
local L = game.lib

return function(ctx, p, def)
  local planets = L.drop_planets(p)
  if #planets == 0 then return end
  table.sort(planets)
  local pl = game.choose(p, { key = "ti4.mitosis_planet", ability = L.name("abilities", def.id) }, planets)
  game.spawn("infantry", p, { planet = pl })
  game.log({ key = "ti4.puts_infantry_on", p = L.pn(p), planet = L.name("planets", pl), card = L.name("abilities", def.id) })
end

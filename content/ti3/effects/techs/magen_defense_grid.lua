-- Magen Defense Grid (the +1 on PDS rolls is the flag space_cannon_bonus,
-- read by races.lua's L.fire_cannons): the player's ground forces defending a
-- planet that holds one of his PDS get +1 in invasion combat.
local L = game.lib
return function(ctx, p)
  if not ctx.ground or p ~= ctx.defender or not ctx.mods or not ctx.mods[p] then return end
  if game.count_units { planet = ctx.planet, owner = p, kind = "pds" } == 0 then return end
  local m = ctx.mods[p]
  m.ground_force = (m.ground_force or 0) + 1
  m.shock_troop = (m.shock_troop or 0) + 1
end

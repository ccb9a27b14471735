-- Emergency Repairs (TACS): after a battle round, each of the player's ships
-- in the battle is repaired by up to half its hit points.
local L = game.lib
local function damaged(p, s)
  for _, u in ipairs(L.ships(p, s)) do
    if L.tacs_hp(u) < L.tacs_unit_max_hp(u) then return true end
  end
  return false
end
return {
  when = function(ctx, p) return (p == ctx.attacker or p == ctx.defender) and damaged(p, ctx.system) end,
  run = function(ctx, p)
    for _, u in ipairs(L.ships(p, ctx.system)) do L.tacs_repair(u, L.tacs_unit_max_hp(u) // 2) end
  end,
}

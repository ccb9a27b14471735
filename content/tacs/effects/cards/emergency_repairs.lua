-- Emergency Repairs (TACS): after a battle round, each of the player's units
-- in the battle's system (his ships, and his PDS there: the seed says all
-- units in one system) is repaired by up to half its hit points.
local L = game.lib
local function units(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do out[#out + 1] = u end
  for _, u in ipairs(L.tacs_planet_guns(p, s)) do out[#out + 1] = u end
  return out
end
local function damaged(p, s)
  for _, u in ipairs(units(p, s)) do
    if L.tacs_hp(u) < L.tacs_unit_max_hp(u) then return true end
  end
  return false
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender) and damaged(p, ctx.system) end,
  run = function(ctx, p)
    for _, u in ipairs(units(p, ctx.system)) do L.tacs_repair(u, L.tacs_unit_max_hp(u) // 2) end
  end,
}

-- Chemical Warfare: just before an invasion combat on a planet another
-- player controls, the invader with a dreadnought in the system destroys half
-- (rounded up) of the defending ground forces. PDS do not stop it (no space
-- cannon roll, no planetary shield check). Shock troops count as ground
-- forces here (our reading of the SE rules); the defender picks which of its
-- units are lost when they differ.
local L = game.lib
local function defenders(pl, q)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, owner = q }) do
    if L.def(q, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end
local function has_dreadnought(p, s)
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "dreadnought" then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local pl = ctx.planet
    local q = pl and game.planet_owner(pl)
    return ctx.player == p and q ~= nil and q ~= p and has_dreadnought(p, ctx.system or game.planet_system(pl))
      and #L.ground(p, pl) > 0 and #defenders(pl, q) > 0
  end,
  run = function(ctx, p)
    local pl = ctx.planet
    local q = game.planet_owner(pl)
    local n = (#defenders(pl, q) + 1) // 2
    for _ = 1, n do
      local opts, seen = {}, {}
      for _, u in ipairs(defenders(pl, q)) do
        if not seen[u.kind] then seen[u.kind] = true; opts[#opts + 1] = u.kind .. "#" .. u.id end
      end
      if #opts == 0 then break end
      local pick = game.choose(q, { key = "ti3.ground_force_lost_chemical" }, opts)
      local kind, id = pick:match("^([%w_]+)#(%d+)$")
      id = tonumber(id)
      L.destroy_unit({ id = id, kind = kind, owner = q },
        { source = p, label = "chemical warfare", active = ctx.active, system = game.planet_system(pl) },
        { key = "ti3.unit_destroyed", p = L.pn(q), unit = pick })
    end
  end,
}

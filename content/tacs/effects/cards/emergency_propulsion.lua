-- Emergency Propulsion: in the movement step of a battle round, one of the
-- player's ships goes to any empty zone of the system (instead of moving).
local L = game.lib
local function empty_zones(B)
  local used = {}
  for _, p in ipairs({ B.a, B.d }) do
    for _, u in ipairs(L.ships(p, B.s)) do used[L.tacs_zone(u) or ""] = true end
  end
  local out = {}
  for _, z in ipairs(B.zones) do if not used[z] then out[#out + 1] = z end end
  return out
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local B = L.tacs_current_battle()
    return B ~= nil and ctx.player == p and #L.ships(p, ctx.system) > 0 and #empty_zones(B) > 0
  end,
  run = function(ctx, p)
    local B = L.tacs_current_battle()
    local opts, by = {}, {}
    for _, u in ipairs(L.ships(p, ctx.system)) do opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
    local u = by[game.choose(p, { key = "tacs.propulsion_ship" }, opts)]
    local z = game.choose(p, { key = "tacs.propulsion_zone", unit = u.kind .. "#" .. u.id, id = u.id }, empty_zones(B))
    local from = L.tacs_zone(u) or "-"
    L.tacs_set_zone(u, z)
    B.moved[u.id] = true
    game.log({ key = "tacs.moves", p = L.pn(p), unit = u.kind .. "#" .. u.id, from = from, to = z })
  end,
}

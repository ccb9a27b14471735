-- Friendly Fire: just before a space battle the player takes part in, if the
-- opponent has more fighters than other ships in that system, half of those
-- fighters (rounded down) are destroyed.
local L = game.lib
local function count(q, s)
  local f, other = {}, 0
  for _, u in ipairs(L.ships(q, s)) do
    if L.def(q, u.kind).type == "fighter" then f[#f + 1] = u else other = other + 1 end
  end
  return f, other
end
local function opponent(ctx, p) return (p == ctx.player) and ctx.defender or ctx.player end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") or not (p == ctx.player or p == ctx.defender) then return false end
    local q = opponent(ctx, p)
    if q == nil then return false end
    local f, other = count(q, ctx.system)
    return #f > other and #f // 2 > 0
  end,
  run = function(ctx, p)
    local q, s = opponent(ctx, p), ctx.system
    local f = count(q, s)
    local n = #f // 2
    for i = 1, n do
      local u = f[i]
      L.destroy_unit({ id = u.id, kind = u.kind, owner = q }, { source = p, label = "friendly fire", active = ctx.active, system = s },
        { key = "ti3.unit_destroyed", p = L.pn(q), unit = u.kind .. "#" .. u.id, id = u.id })
    end
  end,
}

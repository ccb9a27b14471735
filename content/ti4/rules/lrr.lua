-- Rules of the base game the shared procedures leave open, made exact here:
-- the fleet pool right after moving in (LRR 37.3, 16.3c), what a retreat
-- carries (LRR 78.7b), elimination (LRR 33).
local L = game.lib

-- The fleet pool holds at all times, also when ships have just moved into a
-- system with other players' ships; capacity waits for the end of the
-- combat (LRR 37.3, 16.3c).
function L.limits_before_combat(p, target)
  L.enforce_fleet_pool(p, target)
end

-- A retreat takes the ships with a move value and only the fighters and
-- ground forces their capacity can carry (or that move on their own); the
-- player chooses which of the others are removed (LRR 78.7b, 16.3a).
function L.retreat_cargo(p, s, t)
  local cap, cargo = 0, {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    local moves = (d.move or 0) > 0
    if u.carried == nil and d.class == "ship" and not d.transported and moves then cap = cap + (d.capacity or 0) end
    if d.transported and not moves then cargo[#cargo + 1] = u end
  end
  local n = #cargo
  while n > cap do
    local opts = {}
    for _, u in ipairs(cargo) do
      if game.unit_exists(u.id) then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    local pick = game.choose(p, { key = "remove_over_capacity" }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = "removes_over_capacity", p = L.pn(p), unit = pick, system = L.sysname(s) })
    n = n - 1
  end
end

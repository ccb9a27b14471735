-- The zones of a system's battle space (seed 002, "Ship movement"): the
-- defender's D zones nearest the planet (D3 nearest; D4 nearer still with
-- Deep Defense), the neutral zone -0-, and the attacker's A1-A3 (A3
-- farthest). Zones are kept as a list from the planet outwards; a ship's zone
-- is the unit prop `tacs_zone`, kept between battles.
local L = game.lib

-- hook: whether p's planets have a fourth defensive zone D4 (Deep Defense).
function L.tacs_deep_defense(p)
  return p ~= nil and game.data.techs.deep_defense ~= nil and game.holds(p, "techs", "deep_defense")
end

-- The zones of system s when `defender` defends it, nearest the planet first.
-- Deep Defense gives the defender's planets a D4: only where he controls a
-- planet of s (not a fleet of his in open space or at another's planet).
function L.tacs_zones(s, defender)
  local z = { "D3", "D2", "D1", "-0-", "A1", "A2", "A3" }
  if L.tacs_deep_defense(defender) then
    local mine = false
    for _, pl in ipairs(game.planets_of(s) or {}) do
      if game.planet_owner(pl) == defender then mine = true end
    end
    if mine then table.insert(z, 1, "D4") end
  end
  return z
end

-- Position of zone `name` in `zones` (1 = nearest the planet), or nil.
function L.tacs_index(zones, name)
  for i, z in ipairs(zones) do if z == name then return i end end
  return nil
end

-- Whether zone `name` is one of the defender's (D1-D4).
function L.tacs_is_defence_zone(name) return name ~= nil and name:sub(1, 1) == "D" end
-- Whether zone `name` is one of the attacker's (A1-A3).
function L.tacs_is_attack_zone(name) return name ~= nil and name:sub(1, 1) == "A" end

-- A ship's zone holds only in the system where it was given (a ship that
-- moves away has none until it is placed again).
function L.tacs_zone(u)
  local z = game.get("unit", u.id, "tacs_zone")
  if z == nil then return nil end
  local sys = u.system
  if sys == nil then
    for _, x in ipairs(game.units { space = true }) do if x.id == u.id then sys = x.system end end
  end
  if game.get("unit", u.id, "tacs_zone_system") ~= sys then return nil end
  return z
end
-- Puts ship u in zone z of the system it is in (nil: none).
function L.tacs_set_zone(u, z)
  local sys = u.system
  if sys == nil then
    for _, x in ipairs(game.units { space = true }) do if x.id == u.id then sys = x.system end end
  end
  game.put("unit", u.id, "tacs_zone", z)
  game.put("unit", u.id, "tacs_zone_system", z and sys or nil)
end

-- Size class of a ship: large and very large ships never start in A1.
function L.tacs_large(p, kind)
  local t = L.tacs_def(p, kind)
  return t ~= nil and (t.size == "L" or t.size == "VL")
end

-- hook: the zones p's ship u may be placed in when it enters a battle in s
-- (`defended`: enemy ships or a PDS in range are there; ctx: the battle's, with
-- ctx.risky[p] set by Risky Attack); default as the seed: an undefended system
-- any D zone, a defended one the A zones, never A1 for a large ship.
function L.tacs_entry_zones(p, u, zones, defended, ctx)
  local out = {}
  for _, z in ipairs(zones) do
    if ctx and ctx.risky and ctx.risky[p] then
      out[#out + 1] = z
    elseif defended then
      if L.tacs_is_attack_zone(z) and not (z == "A1" and L.tacs_large(p, u.kind)) then out[#out + 1] = z end
    elseif L.tacs_is_defence_zone(z) then
      out[#out + 1] = z
    end
  end
  return out
end

-- hook: how many zones p's ship u may move in one round of a space battle (table 1; Fusion Thrusters add one).
function L.tacs_zone_move(p, u)
  local t = L.tacs_def(p, u.kind)
  local m = t and t.zone_move or 0
  for _, t in ipairs(game.holdings(p, "techs")) do
    local d = game.data.techs[t]
    m = m + (d and d.tacs_zone_move_bonus or 0)
  end
  return m
end

-- The zones p's ship u (in zone index `from`) may end its move in this
-- round: up to its move either way, never past a zone holding an enemy ship
-- (it may stop there). `occupied[i]` = set of players with ships in zone i.
function L.tacs_reachable(p, u, zones, from, occupied)
  local m = L.tacs_zone_move(p, u)
  local ok = { [from] = true }
  for _, dir in ipairs({ -1, 1 }) do
    local i = from
    for _ = 1, m do
      local j = i + dir
      if j < 1 or j > #zones then break end
      ok[j] = true
      local enemy = false
      for q in pairs(occupied[j] or {}) do if q ~= p then enemy = true end end
      if enemy then break end
      i = j
    end
  end
  local out = {}
  for i = 1, #zones do if ok[i] then out[#out + 1] = zones[i] end end
  return out
end

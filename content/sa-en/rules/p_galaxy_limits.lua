-- Shattered Ascension v4.5 (seed 000, 5/5, resource abundance): when the
-- drafted galaxy breaks the resource limits (at most 3 resources next to a
-- home system, at most 10 per player on the board; L.sa_tokens checks them,
-- rules/j_tokens.lua), systems are swapped for lesser ones until the limits
-- hold. A breach next to a home system is mended there; a breach of the
-- total is mended around the player with the most resources next to his
-- home system.
--
-- Each swap puts a tile of the box that is not in the galaxy in the place of
-- a system (game.swap_systems); the system taken out stays in the game off
-- the board (no hex, system prop sa_off_board), its planets detached from it
-- (game.detach_planet) so that nothing is placed on them later. Our choices, UNCERTAIN
-- (the seed only says "lesser ones"):
--   * the system taken out is the one with the most resources among those
--     counted (ties: the lower hex in sorted order); never Mecatol Rex, a home
--     system, a system with a wormhole or one holding units;
--   * the tile put in is a normal or empty system of the box, without
--     wormholes and not one of the four high-resource systems, with fewer
--     resources: the richest one that mends the whole breach, else the
--     poorest one;
--   * for the total, the systems next to that player's home first, then those
--     two systems away, then three; when none of those can be swapped, the
--     same around the player with the next most resources, and so on (the
--     limits must be met).
-- The breaches found before the swaps stay in game prop
-- sa_resource_breaches_found; sa_resource_breaches holds what is left after
-- them (nil when the limits hold).
local L = game.lib
local AU = L.sa_more or {}
L.sa_more = AU
local T = L.sa_tokens

local function pn(p) return L.pn(p) end
local function hex(s) return game.system(s).hex end

local function resources_of(s)
  local n = 0
  for _, pl in ipairs(game.planets_of(s)) do n = n + (L.pdef(pl).resources or 0) end
  return n
end

local function tile_resources(tile)
  local n = 0
  for _, pl in ipairs((game.data.systems[tile] or {}).planets or {}) do
    local d = game.data.planets and game.data.planets[pl]
    n = n + ((d and d.resources) or 0)
  end
  return n
end

local function homes()
  local out = {}
  for p = 1, game.num_players() do
    local h = L.home(p)
    if h then out[#out + 1] = { p = p, s = h } end
  end
  return out
end

-- The numbers the limits are checked on: per home, the resources of the
-- adjacent systems that are not as close to another home (and the systems
-- counted); the total outside home systems.
function AU.resource_counts()
  local hs = homes()
  local is_home = {}
  for _, h in ipairs(hs) do is_home[h.s] = true end
  local out = { homes = {}, total = 0, limit_home = T.HOME_RESOURCES, limit_total = T.RESOURCES_PER_PLAYER * game.num_players() }
  for _, h in ipairs(hs) do
    local n, counted = 0, {}
    for _, t in ipairs(game.adjacent(h.s, "move")) do
      local shared = false
      for _, o in ipairs(hs) do
        if o.s ~= h.s then
          for _, u in ipairs(game.adjacent(o.s, "move")) do if u == t then shared = true end end
        end
      end
      if not shared and not is_home[t] and hex(t) then
        n = n + resources_of(t)
        counted[#counted + 1] = t
      end
    end
    out.homes[#out.homes + 1] = { p = h.p, s = h.s, n = n, systems = counted }
  end
  for s = 1, game.num_systems() do
    if not is_home[s] and hex(s) then out.total = out.total + resources_of(s) end
  end
  return out
end

local function has_wormhole(tile)
  local d = game.data.systems[tile] or {}
  return #(d.wormholes or {}) > 0
end

local function removable(s)
  local tile = game.tile_of(s)
  local d = game.data.systems[tile] or {}
  return hex(s) ~= nil and tile ~= "mecatol_rex" and not d.home_of and d.kind ~= "home"
    and not has_wormhole(tile) and game.count_units { system = s } == 0 and resources_of(s) > 0
end

-- Box tiles that could replace a system: not on the board (nor off it),
-- plain (normal or empty), no wormhole, no home, not a high-resource one.
local function spare_tiles()
  local used = {}
  for s = 1, game.num_systems() do used[game.tile_of(s)] = true end
  for _, id in ipairs(T.HIGH_RESOURCE) do used[id] = true end
  local out = {}
  for _, id in ipairs(game.keys(game.data.systems)) do
    local d = game.data.systems[id]
    if (d.kind == "normal" or d.kind == "empty") and not d.home_of and not d.anomaly
      and d.expansion ~= "shards_of_the_throne" and not has_wormhole(id) and not used[id] then
      out[#out + 1] = id
    end
  end
  return out
end

-- The tile to put in place of s to remove `need` resources (nil: none).
local function replacement(s, need)
  local have = resources_of(s)
  local best_full, best_low
  for _, id in ipairs(spare_tiles()) do
    local r = tile_resources(id)
    if r < have then
      if have - r >= need then
        if not best_full or r > tile_resources(best_full) then best_full = id end
      end
      if not best_low or r < tile_resources(best_low) then best_low = id end
    end
  end
  return best_full or best_low
end

-- Swaps system s for a new system of tile `tile`, off the board until then.
local function swap(s, tile, why)
  local old = game.tile_of(s)
  local at = hex(s)
  local n = game.add_system(tile)
  for _, pl in ipairs((game.data.systems[tile] or {}).planets or {}) do game.add_planet(pl, n) end
  game.swap_systems(s, n)
  -- The planets of the system taken out leave it, so nothing is placed on them later.
  for _, pl in ipairs(game.planets_of(s)) do game.detach_planet(pl) end
  game.put("system", s, "sa_off_board", true)
  game.log({ key = why.key, system = L.name("systems", old), hex = at, new = L.name("systems", tile), p = why.p, n = why.n, players = why.players })
  return n
end

-- Picks a system among `list` and swaps it; true if one was swapped.
local function mend(list, need, why)
  local cand = {}
  for _, s in ipairs(list) do if removable(s) then cand[#cand + 1] = s end end
  table.sort(cand, function(a, b)
    local ra, rb = resources_of(a), resources_of(b)
    if ra ~= rb then return ra > rb end
    return hex(a) < hex(b)
  end)
  for _, s in ipairs(cand) do
    local tile = replacement(s, need)
    if tile then swap(s, tile, why); return true end
  end
  return false
end

local function within(home, d)
  local out = {}
  for s = 1, game.num_systems() do
    if hex(s) and game.hex_distance(hex(s), hex(home)) == d then out[#out + 1] = s end
  end
  return out
end

function AU.enforce_resource_limits()
  for _ = 1, 40 do
    local c = AU.resource_counts()
    local done = false
    for _, h in ipairs(c.homes) do
      if not done and h.n > c.limit_home then
        if mend(h.systems, h.n - c.limit_home, { key = "sa.resource_swap_home", p = pn(h.p), n = h.n }) then
          done = true
        end
      end
    end
    if not done and c.total > c.limit_total then
      -- The players by the resources next to their homes, most first (ties:
      -- the earlier player); the first is the one the rule names. When
      -- nothing within three systems of him can be swapped any more, the
      -- limit must still be met (l.299): the next player's vicinity, and so
      -- on.
      local ranked = {}
      for i, h in ipairs(c.homes) do
        local near = 0
        for _, t in ipairs(game.adjacent(h.s, "move")) do
          if hex(t) and t ~= h.s then near = near + resources_of(t) end
        end
        ranked[#ranked + 1] = { h = h, near = near, i = i }
      end
      table.sort(ranked, function(a, b)
        if a.near ~= b.near then return a.near > b.near end
        return a.i < b.i
      end)
      local why = { key = "sa.resource_swap_total", n = c.total, players = game.num_players() }
      for _, top in ipairs(ranked) do
        for d = 1, 3 do
          if not done and mend(within(top.h.s, d), c.total - c.limit_total, why) then done = true end
        end
      end
    end
    if not done then return end
  end
end

if T then
  local base_draft = game.procedure_fn("build_drafted_galaxy")
  if base_draft then
    procedure("build_drafted_galaxy", function(ctx)
      local r = base_draft(ctx)
      local found = game.get("game", nil, "sa_resource_breaches")
      if found then
        game.put("game", nil, "sa_resource_breaches_found", found)
        AU.enforce_resource_limits()
        T.check_resources()
      end
      return r
    end)
  end
end

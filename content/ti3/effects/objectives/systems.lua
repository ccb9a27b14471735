-- Objectives about controlled systems (def.systems). The cards define it:
-- a player controls a system when at least one of his non-Fighter ships is
-- in it and he controls every planet in it (a system without planets needs
-- only the ship).
--   {mecatol_adjacent = "all" | N}  the Mecatol Rex system and all (or N) of
--                                   the systems adjacent to it
--   {outside_home = N}              N systems other than his Home System
--   {next_to_homes = N}             systems adjacent to the Home Systems of N
--                                   different other players; each of those
--                                   players is matched to a different system
--                                   (the card says "systems", plural)
-- Adjacency counts every link (neighbouring hexes and wormholes).
local L = game.lib

local function controls(p, s)
  -- A variant may define who controls a system (e.g. fighters count).
  if L.controls_system then return L.controls_system(p, s) end
  local ship = false
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type ~= "fighter" then ship = true; break end
  end
  if not ship then return false end
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) ~= p then return false end
  end
  return true
end

local function adjacent(s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "adjacency")) do
    if t ~= s then out[#out + 1] = t end
  end
  return out
end

-- Whether `need` of the players in `homes` (player -> set of systems next
-- to his home that p controls) can each get a system of their own.
local function matching(homes, players, need)
  local used = {}
  local function try(i, got)
    if got >= need then return true end
    if i > #players then return false end
    for _, s in ipairs(game.keys(homes[players[i]])) do
      if not used[s] then
        used[s] = true
        if try(i + 1, got + 1) then return true end
        used[s] = nil
      end
    end
    return try(i + 1, got)
  end
  return try(1, 0)
end

return {
  check = function(p, def)
    local need = def.systems
    if need.mecatol_adjacent then
      local mr = game.planet_system("mecatol_rex")
      if not controls(p, mr) then return false end
      local around = adjacent(mr)
      local n = 0
      for _, s in ipairs(around) do
        if controls(p, s) then n = n + 1 end
      end
      if need.mecatol_adjacent == "all" then return n == #around end
      return n >= need.mecatol_adjacent
    end
    if need.outside_home then
      local home, n = L.home(p), 0
      for s = 1, game.num_systems() do
        if s ~= home and controls(p, s) then n = n + 1 end
      end
      return n >= need.outside_home
    end
    local homes, players = {}, {}
    for q = 1, game.num_players() do
      local h = L.home(q)
      if q ~= p and h then
        local set, any = {}, false
        for _, s in ipairs(adjacent(h)) do
          if controls(p, s) then set[s] = true; any = true end
        end
        if any then homes[q] = set; players[#players + 1] = q end
      end
    end
    return matching(homes, players, need.next_to_homes)
  end,
}

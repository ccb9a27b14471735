-- Objectives built on controlling the planet Mecatol Rex (def.mecatol, every
-- part optional):
--   dock = true            a Space Dock of the claimer's is on Mecatol Rex
--   non_fighter_ships = N  N of his non-Fighter ships in the Mecatol Rex system
--   dreadnoughts = N       N of his Dreadnoughts in the Mecatol Rex system
--   ground_forces = N      N of his ground units on Mecatol Rex (Shock Troops
--                          count: SE treats them as Ground Forces, from our
--                          memory of the SE rules)
--   docks_on_board = N, dreadnoughts_on_board = N   pieces anywhere on the board
--   tech_colours = {colours = K, each = M}           technology advances
local L = game.lib
local MR = "mecatol_rex"

local function type_of(p, u) return L.def(p, u.kind).type end

local function count(p, filter, pred)
  local n = 0
  for _, u in ipairs(game.units(filter)) do
    if pred(u) then n = n + 1 end
  end
  return n
end

return {
  check = function(p, def)
    if game.planet_owner(MR) ~= p then return false end
    local need = def.mecatol or {}
    local s = game.planet_system(MR)
    if need.dock and count(p, { planet = MR, owner = p }, function(u) return type_of(p, u) == "space_dock" end) == 0 then
      return false
    end
    if need.non_fighter_ships then
      local n = 0
      for _, u in ipairs(L.ships(p, s)) do
        if type_of(p, u) ~= "fighter" then n = n + 1 end
      end
      if n < need.non_fighter_ships then return false end
    end
    if need.dreadnoughts then
      local n = 0
      for _, u in ipairs(L.ships(p, s)) do
        if type_of(p, u) == "dreadnought" then n = n + 1 end
      end
      if n < need.dreadnoughts then return false end
    end
    if need.ground_forces and #L.ground(p, MR) < need.ground_forces then return false end
    if need.docks_on_board and count(p, { owner = p }, function(u) return type_of(p, u) == "space_dock" end) < need.docks_on_board then
      return false
    end
    if need.dreadnoughts_on_board and count(p, { owner = p }, function(u) return type_of(p, u) == "dreadnought" end) < need.dreadnoughts_on_board then
      return false
    end
    if need.tech_colours then
      local c, k = L.tech_colors(p), 0
      for _, col in ipairs(game.keys(c)) do
        if c[col] >= need.tech_colours.each then k = k + 1 end
      end
      if k < need.tech_colours.colours then return false end
    end
    return true
  end,
}

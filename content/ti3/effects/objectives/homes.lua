-- Objectives about other players' Home Systems (def.homes):
--   {planets_of = N}         he controls every planet in the Home Systems of
--                            N other players (Conqueror, Domination!)
--   {ships_in = N, each = M} he has M non-Fighter ships in each of the Home
--                            Systems of N different opponents
local L = game.lib

local function owns_all(p, h)
  local planets = game.planets_of(h)
  if #planets == 0 then return false end
  for _, pl in ipairs(planets) do
    if game.planet_owner(pl) ~= p then return false end
  end
  return true
end

local function non_fighters(p, s)
  local n = 0
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type ~= "fighter" then n = n + 1 end
  end
  return n
end

return {
  check = function(p, def)
    local need = def.homes
    local n = 0
    for q = 1, game.num_players() do
      local h = L.home(q)
      if q ~= p and h then
        if need.planets_of and owns_all(p, h) then n = n + 1 end
        if need.ships_in and non_fighters(p, h) >= need.each then n = n + 1 end
      end
    end
    return n >= (need.planets_of or need.ships_in)
  end,
}

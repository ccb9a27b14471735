-- Public objectives "control N planets outside home systems" (def.count).
-- A home system is any player's home system.
local L = game.lib
return {
  check = function(p, def)
    local homes = {}
    for q = 1, game.num_players() do
      local h = L.home(q)
      if h then homes[h] = true end
    end
    local n = 0
    for _, pl in ipairs(L.objective_planets(p)) do
      if not homes[game.planet_system(pl)] then n = n + 1 end
    end
    return n >= def.count
  end,
}

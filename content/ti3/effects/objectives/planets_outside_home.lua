-- Objectives "I control N planets outside my Home System" (def.count):
-- Five/Ten/Eleven Planets Abroad and Supremacy!. Only the claimer's own home
-- system is left out; planets in other players' home systems count, as the
-- cards say "my Home System".
local L = game.lib
return {
  check = function(p, def)
    local home = L.home(p)
    local n = 0
    for _, pl in ipairs(game.planets_owned(p)) do
      if game.planet_system(pl) ~= home then n = n + 1 end
    end
    return n >= def.count
  end,
}

-- Good Year (as an action): one trade good per planet the player controls
-- outside its home system.
local L = game.lib
return {
  usable = function(p) return true end,
  component = function(p)
    local n = 0
    for _, pl in ipairs(game.planets_owned(p)) do
      if game.planet_system(pl) ~= L.home(p) then n = n + 1 end
    end
    L.gain_tg(p, n, "Good Year")
  end,
}

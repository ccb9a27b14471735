-- Facilities (SE option): remembers when a planet was gained (a facility needs
-- a planet held since the round began) and destroys the facility of a planet
-- that changes hands.
local L = game.lib
return {
  planet_gained = function(ctx) L.optb.on_planet_gained_facilities(ctx) end,
}

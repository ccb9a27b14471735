-- Distant Suns (option): a planet gained without a landing loses its
-- face-down domain counter unresolved.
local L = game.lib
return {
  planet_gained = function(ctx) L.optb.on_planet_gained_distant_suns(ctx) end,
}

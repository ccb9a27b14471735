-- Artifacts (SE option): the special objective of an artifact follows control
-- of its planet. Checked whenever a planet changes hands and at the end of
-- every turn (planets can also change hands without the planet_gained window).
local L = game.lib
return {
  planet_gained = function(ctx) L.optb.sync_artifacts() end,
  turn_end = function(ctx) L.optb.sync_artifacts() end,
}

-- SA general rules: space docks on one's own home planets (item 12) and
-- trade station control at the end of each action (item 16), see
-- rules/b_general.lua.
local L = game.lib
return {
  planet_gained = function(ctx) L.sa_general.planet_gained(ctx) end,
  turn_end = function() L.sa_general.trade_stations() end,
}

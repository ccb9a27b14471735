-- Final Frontier (option): the holder of the Precursor Space Station's system
-- needs one victory point less; checked at the end of every turn, since moving
-- into the system gains no points.
local L = game.lib
return {
  turn_end = function(ctx) L.optb.on_turn_end_station(ctx) end,
}

-- Double-sided wormhole tokens (rules/j_tokens.lua): a token a fleet entered
-- during the turn flips over as the turn ends.
local L = game.lib
return {
  turn_end = function(ctx) L.sa_tokens.flip_pending() end,
}

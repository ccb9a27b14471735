-- Strategy rules the game holds (rules/d_strategy.lua, game.lib.sa_strategy):
-- the 5-player unpicked card is played when its initiative comes up, and a
-- trade agreement broken by a hostile act is settled for the aggressor.
local S = game.lib.sa_strategy
return {
  turn_start = function(ctx) S.on_turn_start(ctx) end,
  turn_end = function(ctx) S.on_turn_end(ctx) end,
  hostile_act = function(ctx) S.on_hostile_act(ctx) end,
}

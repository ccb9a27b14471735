-- Leaders (Shattered Ascension): rules the game holds (rules/f_leaders.lua,
-- game.lib.sa_leaders). As a turn starts the player may move leaders within
-- their systems; as it ends the fate rolls of leaders lost during the action
-- are made.
local F = game.lib.sa_leaders
return {
  turn_start = function(ctx) F.on_turn_start(ctx) end,
  turn_end = function(ctx) F.on_turn_end(ctx) end,
}

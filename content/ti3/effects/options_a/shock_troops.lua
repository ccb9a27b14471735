-- Shock troops (option shock_troops): natural 10s rolled by ground forces in
-- invasion combat are counted, and ground forces promoted after the round
-- (rules/options_a.lua, game.lib.opta); shock troops left without a ground
-- force beside them become ground forces again.
local A = game.lib.opta
return {
  combat_round_start = function(ctx) if ctx.ground then A.revert_lonely_shock() end end,
  combat_rolled = function(ctx) A.on_rolled_shock(ctx) end,
  combat_round_end = function(ctx) A.on_round_end_shock(ctx) end,
  turn_end = function(ctx) A.revert_lonely_shock() end,
}

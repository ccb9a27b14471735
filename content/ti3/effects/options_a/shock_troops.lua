-- Shock troops (option shock_troops): natural 10s rolled by ground forces in
-- invasion combat are counted, and ground forces promoted after the round
-- (rules/options_a.lua, game.lib.opta).
local A = game.lib.opta
return {
  combat_rolled = function(ctx) A.on_rolled_shock(ctx) end,
  combat_round_end = function(ctx) A.on_round_end_shock(ctx) end,
}

-- Leaders (option leaders): window handlers; the rules are in
-- rules/options_a.lua (game.lib.opta).
local A = game.lib.opta
return {
  combat_round_start = function(ctx) A.on_round_start(ctx) end,
  combat_rolled = function(ctx) A.on_rolled(ctx) end,
  unit_destroyed = function(ctx) A.on_unit_destroyed(ctx) end,
  retreat_announced = function(ctx) A.on_retreat_announced(ctx) end,
  action_card_played = function(ctx) A.on_action_card(ctx) end,
  planet_gained = function(ctx) A.sync() end,
  turn_end = function(ctx) A.sync() end,
}

-- Tactical retreats (option tactical_retreats): when a retreat is announced
-- the player may place a counter from his command pool in an adjacent empty
-- or friendly system he has not activated (rules/options_a.lua).
local A = game.lib.opta
return {
  retreat_announced = function(ctx) A.on_retreat_tactical(ctx) end,
}

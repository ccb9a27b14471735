-- Yssaril: the "skip" action option itself is added by rules/races.lua
-- (action_options / L.take_action); a new action phase forgets the last skip.
return function(ctx, p)
  game.put("player", p, "skipped_turn", nil)
end

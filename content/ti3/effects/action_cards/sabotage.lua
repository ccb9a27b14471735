-- Sabotage: cancels an action card another player has just played; never
-- another Sabotage. Playable even while Communications Breakdown holds.
return {
  when = function(ctx, p) return p ~= ctx.player and ctx.card ~= "sabotage" end,
  run = function(ctx, p) ctx.cancel = true end,
}

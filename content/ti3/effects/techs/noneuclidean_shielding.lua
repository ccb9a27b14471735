-- Noneuclidean Shielding (Letnev): a unit of the player that sustains damage
-- cancels two hits instead of one.
return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx) ctx.cancels = math.max(ctx.cancels or 1, 2) end,
}

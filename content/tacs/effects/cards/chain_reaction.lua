-- Chain Reaction: the ship the player's shot damaged takes double damage.
return {
  when = function(ctx, p) return ctx.source == p and ctx.player ~= p and ctx.n > 0 end,
  run = function(ctx, p) ctx.n = ctx.n * 2 end,
}

-- Intercept: the opponent who has just announced a retreat cannot retreat
-- this round.
return {
  when = function(ctx, p) return ctx.player ~= p and (ctx.attacker == p or ctx.defender == p) end,
  run = function(ctx, p) ctx.cancel = true end,
}

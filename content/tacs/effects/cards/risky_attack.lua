-- Risky Attack: the attacker places his ships in any zone.
return {
  when = function(ctx, p) return p == ctx.attacker end,
  run = function(ctx, p) ctx.risky[p] = true end,
}

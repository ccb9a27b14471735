-- Risky Attack: the attacker places his ships in any zone.
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and p == ctx.attacker end,
  run = function(ctx, p) ctx.risky[p] = true end,
}

-- Flanking Tactic: the enemy's accuracy rolls get -1 this round.
return {
  when = function(ctx, p) return p == ctx.attacker or p == ctx.defender end,
  run = function(ctx, p)
    local q = (p == ctx.attacker) and ctx.defender or ctx.attacker
    ctx.acc[q] = (ctx.acc[q] or 0) - 1
  end,
}

-- Flanking Tactic: the enemy's ships get -1 on their accuracy rolls this
-- round (its PDS do not: the seed names ships, where Battle Stations names
-- PDS as well).
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender) end,
  run = function(ctx, p)
    local q = (p == ctx.attacker) and ctx.defender or ctx.attacker
    ctx.ship_acc[q] = (ctx.ship_acc[q] or 0) - 1
  end,
}

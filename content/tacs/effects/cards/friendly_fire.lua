-- Friendly Fire: this round an enemy accuracy roll of 1-3 hits another of the enemy's ships.
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender) end,
  run = function(ctx, p) ctx.misdirect[p] = 3 end,
}

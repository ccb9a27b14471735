-- Experimental Weaponry: the player's heavy cannons fire as assault cannons this round.
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender) end,
  run = function(ctx, p) ctx.assault[p] = true end,
}

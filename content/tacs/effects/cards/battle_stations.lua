-- Battle Stations: +1 on the player's accuracy rolls (ships and PDS) this round.
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender) end,
  run = function(ctx, p) ctx.acc[p] = (ctx.acc[p] or 0) + 1 end,
}

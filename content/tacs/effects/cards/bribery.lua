-- Bribery (Mindstorm): one more vote on each agenda the player votes on.
return {
  when = function(ctx, p) return ctx.player == p and #ctx.ballot > 0 end,
  run = function(ctx, p)
    for _, v in ipairs(ctx.ballot) do v.votes = v.votes + 1 end
  end,
}

-- Shields Holding: in a space battle, once the opponent has rolled its
-- combat dice for the round and before the player removes casualties, up to
-- two of those hits are cancelled.
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and (ctx.hits or 0) > 0 and ctx.label == "space combat"
  end,
  run = function(ctx, p)
    local n = math.min(2, ctx.hits)
    ctx.hits = ctx.hits - n
    game.log({ key = n == 1 and "ti3.cancels_hits_one" or "ti3.cancels_hits_many", p = L.pn(p), n = n })
  end,
}

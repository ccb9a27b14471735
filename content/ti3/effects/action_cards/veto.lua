-- Veto: once a political card has been revealed and before anyone votes, it
-- is discarded; the next political card is drawn and voted on instead (the
-- vote step does that when ctx.discard is set).
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and ctx.agenda ~= nil and not ctx.discard end,
  run = function(ctx, p) ctx.discard = true end,
}

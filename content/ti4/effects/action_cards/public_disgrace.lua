-- Public Disgrace: another player who has just chosen a strategy card must
-- choose a different one (the strategy phase asks again).
local L = game.lib
return {
  when = function(ctx, p) return ctx.player ~= p and not ctx.redo end,
  run = function(ctx, p)
    ctx.redo = true
    game.log({ key = "ti4.must_choose_another", p = L.pn(ctx.player), card = L.name("strategy_cards", ctx.card) })
  end,
}

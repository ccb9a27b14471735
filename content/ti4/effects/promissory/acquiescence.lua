-- Acquiescence: when the Winnu player resolves a strategic action, the
-- holder may resolve its secondary without a command token (ctx.no_token,
-- read by L.secondary_free in rules/promissory.lua).
local L = game.lib
return {
  when = function(ctx, p, owner) return ctx.player == owner and ctx.card ~= nil end,
  run = function(ctx, p, owner, def)
    ctx.no_token = ctx.no_token or {}
    ctx.no_token[p] = true
    game.log({ key = "ti4.acquiescence", p = L.pn(p), card = L.name("strategy_cards", ctx.card), note = L.name("promissory_notes", def.id) })
  end,
}

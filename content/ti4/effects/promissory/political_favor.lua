-- Political Favor: when an agenda is revealed, one token of the Xxcha
-- player's strategy pool goes back to their reinforcements and the agenda
-- is discarded; the next one is revealed and voted on instead (the
-- agenda_revealed window's `discard`). Needs a token in that pool.
local L = game.lib
return {
  when = function(ctx, p, owner) return not ctx.discard and game.counter(owner, "strategy") > 0 end,
  run = function(ctx, p, owner, def)
    game.add(owner, "strategy", -1)
    game.log({ key = "ti4.token_to_reinforcements", q = L.pn(owner), pool = "strategy", note = L.name("promissory_notes", def.id) })
    ctx.discard = true
  end,
}

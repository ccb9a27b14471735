-- Political Secret: when an agenda is revealed, its owner casts no votes,
-- plays no action cards and uses no optional faction ability until that
-- agenda is resolved (player prop `silenced` = the agenda; rules/promissory.lua
-- reads it). A new agenda revealed in its place frees them.
local L = game.lib
return {
  when = function(ctx, p, owner) return ctx.agenda ~= nil end,
  run = function(ctx, p, owner, def)
    game.put("player", owner, "silenced", ctx.agenda)
    game.log({ key = "ti4.political_secret", q = L.pn(owner), agenda = L.name("agendas", ctx.agenda), note = L.name("promissory_notes", def.id) })
  end,
}

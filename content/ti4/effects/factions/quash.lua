-- Xxcha, Quash: as an agenda is revealed, the player can pay 1 strategy-pool
-- token to throw it away; the deck's next agenda is revealed and becomes the
-- one put to the vote.
-- Sets ctx.discard in the agenda_revealed window: the agenda step discards
-- the agenda, reveals the next and opens the window again (so it may be
-- quashed in turn, for another token).
local L = game.lib

return {
  when = function(ctx, p)
    -- Not while a Political Secret silences the player (L.note_silenced).
    return not ctx.discard and ctx.agenda ~= nil and game.counter(p, "strategy") > 0 and not L.note_silenced(p)
  end,
  run = function(ctx, p, def)
    local name = L.name("abilities", def.id)
    if game.choose(p, { key = "ti4.quash_offer", ability = name, agenda = L.name("agendas", ctx.agenda), id = ctx.agenda }, { "no", "yes" }) ~= "yes" then return end
    game.add(p, "strategy", -1)
    game.log({ key = "ti4.quashes", p = L.pn(p), ability = name, agenda = L.name("agendas", ctx.agenda), id = ctx.agenda })
    ctx.discard = true
  end,
}

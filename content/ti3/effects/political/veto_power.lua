-- Veto Power (law, elect a player).
-- The elected player holds the card: as soon as the council has decided
-- the outcome of a law (agenda_elected, before it resolves), he may discard
-- Veto Power to discard that law without any effect (ctx.cancel).
local L = game.lib
return {
  resolve = function() end,
  agenda_elected = function(ctx, p, def)
    if p ~= nil then return end
    local h = L.law_player(def.id)
    local d = game.data.political_cards[ctx.agenda]
    if not h or not d or d.law ~= true or ctx.agenda == def.id then return end
    if not game.confirm(h, { key = "ti3.veto_law", card = L.name("political_cards", ctx.agenda), veto = L.name("political_cards", def.id) }) then return end
    L.discard_law(def.id)
    game.log({ key = "ti3.law_vetoed", p = L.pn(h), card = L.name("political_cards", ctx.agenda), veto = L.name("political_cards", def.id) })
    ctx.cancel = true
  end,
}

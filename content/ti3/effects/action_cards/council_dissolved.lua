-- Council Dissolved: the holder of the Political strategy card, having taken
-- the rest of its primary ability (action cards, command counter), draws no
-- political card: the vote step that is about to start is skipped.
-- The step is recognised as Political's by its ctx.political_primary (the
-- card's user, L.political_vote): not a vote that card's agenda starts
-- (Revote, Technology Investigation Committee).
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") or ctx.coll ~= "political_cards" then return false end
    return ctx.political_primary ~= nil
  end,
  run = function(ctx, p)
    game.log({ key = "ti3.draws_no_political_card", p = L.pn(ctx.political_primary) })
    ctx.cancel = true
  end,
}

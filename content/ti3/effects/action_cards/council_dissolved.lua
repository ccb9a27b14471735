-- Council Dissolved: the holder of the Political strategy card, having taken
-- the rest of its primary ability (action cards, command counter), draws no
-- political card: the vote step that is about to start is skipped.
-- The step is recognised as Political's: a political-card vote while the
-- active player holds Political and has not finished using it.
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") or ctx.coll ~= "political_cards" then return false end
    local a = game.get("game", nil, "active")
    return a ~= nil and game.get("game", nil, "sc_owner:political") == a and not game.get("game", nil, "sc_used:political")
  end,
  run = function(ctx, p)
    game.log({ key = "ti3.draws_no_political_card", p = L.pn(game.get("game", nil, "active")) })
    ctx.cancel = true
  end,
}

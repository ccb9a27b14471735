-- Fantastic Rhetoric: ten more influence for the player's vote. The rules
-- open `votes_cast` as the player's vote is cast (outcome chosen, votes not
-- yet counted): the card is played there. A player with no ready influence
-- who holds it may still pick an outcome (L.casts_zero_votes,
-- action_card_seams.lua) and play it then.
local L = game.lib
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and ctx.player == p end,
  run = function(ctx, p)
    ctx.votes = (ctx.votes or 0) + 10
    game.log({ key = "ti3.adds_10_influence_vote", p = L.pn(p) })
  end,
}

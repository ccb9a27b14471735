-- Discredit: right after another player casts a vote on a political card
-- (the `votes_cast` window), his vote becomes an abstention, whatever kind
-- of vote it is (the voting step reads ctx.abstain; his planets stay
-- exhausted).
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player ~= p and not ctx.abstain
      and game.data.political_cards[ctx.agenda] ~= nil
  end,
  run = function(ctx, p)
    ctx.abstain = true
    game.log({ key = "ti3.vote_discredited", p = L.pn(ctx.player) })
  end,
}

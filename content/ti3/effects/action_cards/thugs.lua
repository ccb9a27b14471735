-- Thugs: once a political card has been revealed and before anyone votes,
-- the player picks another player, who may not vote on political cards for
-- the rest of the round (the rules' L.vote_barred: he abstains unasked).
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and not L.vote_barred(q) then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and game.data.political_cards[ctx.agenda] ~= nil
      and not ctx.discard and #targets(p) > 0
  end,
  run = function(ctx, p)
    local q = tonumber(game.choose(p, { key = "ti3.player_barred_by_thugs" }, targets(p)):sub(2))
    game.put("player", q, "vote_barred_round", game.get("game", nil, "round") or 0)
    game.log({ key = "ti3.barred_from_voting", p = L.pn(q) })
  end,
}

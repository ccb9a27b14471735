-- Bribery: once every player has voted on a political card (the
-- `agenda_votes_done` window, before the count), the player spends any number
-- of his trade goods, each one vote more for the outcome he voted for (our
-- reading of "your total": a player who abstained has none to add to, nor
-- one whose votes do not count, L.votes_count: Council Elder).
local L = game.lib
local function my_outcome(ctx, p)
  local out = nil
  for _, v in ipairs(ctx.voters or {}) do
    if v.player == p then out = v.outcome end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and game.data.political_cards[ctx.agenda] ~= nil
      and game.counter(p, "tg") > 0 and my_outcome(ctx, p) ~= nil
      and L.votes_count(p, ctx.agenda)
  end,
  run = function(ctx, p)
    local outcome = my_outcome(ctx, p)
    local opts = {}
    for i = 1, game.counter(p, "tg") do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti3.bribery_trade_goods", outcome = outcome }, opts))
    game.add(p, "tg", -n)
    ctx.tally[outcome] = (ctx.tally[outcome] or 0) + n
    game.log({ key = n == 1 and "ti3.bribery_vote" or "ti3.bribery_votes", p = L.pn(p), n = n, outcome = outcome })
  end,
}

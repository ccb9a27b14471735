-- Bribery: once the speaker has voted, a player who voted spends trade
-- goods for as many more votes on their outcome.
local L = game.lib
local function my_vote(ctx, p)
  for _, v in ipairs(ctx.voters or {}) do if v.player == p then return v end end
end
return {
  when = function(ctx, p) return my_vote(ctx, p) ~= nil and game.counter(p, "tg") > 0 end,
  run = function(ctx, p)
    local v = my_vote(ctx, p)
    local opts = {}
    for i = 1, game.counter(p, "tg") do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti4.bribery_spend" }, opts))
    game.add(p, "tg", -n)
    v.votes = v.votes + n
    ctx.tally[v.outcome] = (ctx.tally[v.outcome] or 0) + n
    game.log({ key = n == 1 and "ti4.bribery_vote" or "ti4.bribery_votes", p = L.pn(p), n = n, outcome = v.outcome })
  end,
}

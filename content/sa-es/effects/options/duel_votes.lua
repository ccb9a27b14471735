-- 2-player voting (seed 001, appendix 3, "Política y Assembly"), held by the
-- game in 2-player games; replaces sa-en's three-dice rule.
-- When both players have placed their votes on an agenda, one die decides
-- where the uncertain votes of the absent players go:
--   10: 10 votes for the speaker    9: 6    8: 3    7: 1
--   5-6: no votes
--   4: 1 vote against the speaker   3: 3    2: 6    1: 10
-- In round 1 the numbers are 4, 3, 2 and 1 on each side. Before the die is
-- rolled each player may spend trade goods, one vote each, on his side
-- (001's example: the speaker pays 3 and rolls a 4: 2 votes for him).
-- Votes "for the speaker" go to the outcome he voted for; votes against him
-- are taken off it (the same as giving them to the other outcome, since only
-- the difference decides). The speaker votes last: the die is rolled when his
-- votes are cast. UNCERTAIN/not done: a speaker who abstains casts nothing
-- and no die is rolled.
local L = game.lib
local TABLE = { [1] = -10, [2] = -6, [3] = -3, [4] = -1, [5] = 0, [6] = 0, [7] = 1, [8] = 3, [9] = 6, [10] = 10 }
local FIRST = { [1] = -4, [2] = -3, [3] = -2, [4] = -1, [5] = 0, [6] = 0, [7] = 1, [8] = 2, [9] = 3, [10] = 4 }

local function buy(p)
  local tg = game.counter(p, "tg")
  if tg <= 0 then return 0 end
  local opts = {}
  for v = 0, tg do opts[#opts + 1] = tostring(v) end
  local n = tonumber(game.choose(p, { key = "sa_es.buy_votes" }, opts))
  if n > 0 then
    game.add(p, "tg", -n)
    game.log({ key = n == 1 and "sa.buys_vote" or "sa.buys_votes", p = L.pn(p), n = n })
  end
  return n
end

return {
  votes_cast = function(ctx)
    local p = ctx.player
    local sp = L.speaker()
    if p ~= sp then return end
    local other = (sp % 2) + 1
    local swing = -buy(other) + buy(sp)
    local _, rolls = game.roll({ key = "sa_es.undecided_votes_roll", p = L.pn(sp) }, 1, 11)
    local d = rolls[1]
    local round = game.get("game", nil, "round") or 1
    local t = (round <= 1) and FIRST[d] or TABLE[d]
    swing = swing + t
    if swing > 0 then
      game.log({ key = swing == 1 and "sa_es.vote_for_speaker" or "sa_es.votes_for_speaker", n = swing })
    elseif swing < 0 then
      game.log({ key = swing == -1 and "sa_es.vote_against_speaker" or "sa_es.votes_against_speaker", n = -swing })
    else
      game.log({ key = "sa_es.undecided_votes_abstain" })
    end
    ctx.votes = (ctx.votes or 0) + swing
  end,
}

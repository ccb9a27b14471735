-- 2-player voting (appendix 3), held by the game in 2-player games:
--   agenda_revealed  each player rolls three dice; the lowest is added to his
--                    votes on this agenda
--   votes_cast       the roll is added; the voter may buy votes at 1 trade
--                    good each; the Assembly holder who gave the speaker token
--                    away (option b) has 3 more (rules/n_options2.lua sets
--                    game prop sa_duel_vote_bonus during that primary)
local L = game.lib
return {
  agenda_revealed = function(ctx)
    local rolls = {}
    for p = 1, game.num_players() do
      local _, r = game.roll({ key = "sa.roll_duel_votes", p = L.pn(p) }, 3, 11)
      local low = 10
      for _, x in ipairs(r or {}) do low = math.min(low, x) end
      rolls[p] = low
      game.log({ key = "sa.duel_vote_adds", p = L.pn(p), n = low })
    end
    game.put("game", nil, "sa_duel_vote_rolls", rolls)
  end,
  votes_cast = function(ctx)
    local p = ctx.player
    local rolls = game.get("game", nil, "sa_duel_vote_rolls") or {}
    local add = rolls[p] or 0
    local bonus = game.get("game", nil, "sa_duel_vote_bonus")
    if type(bonus) == "table" and bonus.player == p then add = add + (bonus.votes or 0) end
    local tg = game.counter(p, "tg")
    if tg > 0 then
      local opts = {}
      for v = 0, tg do opts[#opts + 1] = tostring(v) end
      local n = tonumber(game.choose(p, { key = "sa.buy_extra_votes" }, opts))
      if n > 0 then
        game.add(p, "tg", -n)
        game.log({ key = n == 1 and "sa.buys_vote" or "sa.buys_votes", p = L.pn(p), n = n })
        add = add + n
      end
    end
    ctx.votes = (ctx.votes or 0) + add
  end,
}

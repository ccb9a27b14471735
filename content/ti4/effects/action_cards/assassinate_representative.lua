-- Assassinate Representative: as an agenda is revealed, name a player who
-- does not vote on it ("no_vote:pN", rules/cards_rules.lua).
local L = game.lib
return {
  when = function(ctx, p) return ctx.agenda ~= nil and not ctx.discard end,
  run = function(ctx, p)
    local opts = {}
    for q = 1, game.num_players() do if not L.eliminated(q) then opts[#opts + 1] = L.pn(q) end end
    local q = tonumber(game.choose(p, { key = "ti4.player_not_voting" }, opts):sub(2))
    game.put("game", nil, "no_vote:" .. q, ctx.agenda)
    game.log({ key = "ti4.cannot_vote_on", p = L.pn(q), card = L.name("agendas", ctx.agenda) })
  end,
}

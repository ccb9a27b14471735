-- Political Stability: as the status phase returns the strategy cards, the
-- player keeps theirs and chooses none in the next strategy phase
-- ("stability:pN" = this round, rules/cards_rules.lua).
local L = game.lib
return {
  when = function(ctx, p) return #L.cards_of(p) > 0 end,
  run = function(ctx, p)
    game.put("game", nil, "stability:" .. p, game.get("game", nil, "round"))
    game.log({ key = "ti4.keeps_strategy_cards", p = L.pn(p) })
  end,
}

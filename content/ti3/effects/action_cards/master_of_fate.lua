-- Master of Fate: in the status phase, just before action cards are drawn,
-- the player draws one action card per player, looks at them and hands one
-- to each player (itself included). Every player then draws one card fewer
-- in this status phase: the usual draw step is replaced by the draws left
-- (one fewer than `draw_action_cards` would deal, in the same order, with
-- the hand limit checked as it does).
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock")
      and game.zone_count("deck:actions") + game.zone_count("discard:actions") > 0
  end,
  run = function(ctx, p)
    local peek = "peek:master_of_fate"
    local got = L.draw("deck:actions", "discard:actions", peek, game.num_players())
    for _, q in ipairs(L.order_from(p)) do
      local cards = game.zone(peek)
      if #cards == 0 then break end
      table.sort(cards)
      local c = game.choose(p, { key = "ti3.action_card", p = L.pn(q) }, cards)
      game.move_card(c, peek, "actions:" .. q)
    end
    game.log({ key = #got == 1 and "ti3.hands_out_action_cards_one" or "ti3.hands_out_action_cards_many", p = L.pn(p), n = #got })
    for _, q in ipairs(L.initiative_order()) do
      local n = L.flag(q, "extra_action_cards")
      if n > 0 then L.draw("deck:actions", "discard:actions", "actions:" .. q, n) end
      if L.enforce_action_limit then L.enforce_action_limit(q) end
    end
    ctx.cancel = true
  end,
}

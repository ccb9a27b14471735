-- Political: draw three action cards and take a command counter; reveal the
-- top political card and vote on it; then order the next three (one on top,
-- two at the bottom). Secondary: draw one action card.
local L = game.lib
return {
  primary = function(p)
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 3)
    -- The hand limit applies as soon as the cards are drawn (before the vote).
    L.enforce_action_limit(p)
    if L.reinforcements(p) > 0 then game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1) end
    L.political_vote(p)
    local next3 = game.draw("deck:politics", "peek:" .. p, 3)
    if #next3 > 0 then
      local top = game.choose(p, { key = "ti3.political_card_put_back" }, next3)
      for _, c in ipairs(next3) do
        if c ~= top then game.move_card(c, "peek:" .. p, "deck:politics", true) end
      end
      game.move_card(top, "peek:" .. p, "deck:politics")
    end
  end,
  secondary = function(p)
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
    L.enforce_action_limit(p)
  end,
}

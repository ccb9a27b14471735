-- Limits to Individual Power. For (law): every player at once discards down
-- to 3 action cards, and while the law is in play 3 is the hand limit
-- checked whenever action cards are drawn (the game prop action_card_limit
-- the rules' L.action_card_limit reads; `repeal` lifts it). Against: every
-- player discards one action card at random, if he has any.
local L = game.lib
return {
  resolve = function(outcome)
    if outcome == "for" then
      game.put("game", nil, "action_card_limit", 3)
      for _, q in ipairs(L.order_from(L.speaker())) do L.enforce_action_limit(q) end
    elseif outcome == "against" then
      for _, q in ipairs(L.order_from(L.speaker())) do
        local hand = game.zone("actions:" .. q)
        if #hand > 0 then
          local c = hand[game.random(#hand)]
          game.move_card(c, "actions:" .. q, "discard:actions")
          game.log({ key = "ti3.discards_action_card_random", p = L.pn(q), card = L.name("action_cards", c) })
        end
      end
    end
  end,
  repeal = function() game.put("game", nil, "action_card_limit", nil) end,
}

-- Technology Investigation Committee. For: nobody may buy a technology for
-- the rest of the round (spend resources to receive one: L.bar_technology
-- on purchases, read by L.tech_purchase_barred); technologies gained for
-- free (the Technology card's primary, other cards) stay allowed, as the
-- card speaks of purchases only, where other cards say "acquire or
-- purchase". Against: every player discards one action card at random (if
-- he has any), then the next two political cards are drawn and voted on,
-- one after the other.
local L = game.lib
return {
  resolve = function(outcome)
    if outcome == "for" then
      L.bar_technology(nil, nil, true)
      game.log({ key = "ti3.no_technology_bought_this_round" })
      return
    end
    if outcome ~= "against" then return end
    for _, q in ipairs(L.order_from(L.speaker())) do
      local hand = game.zone("actions:" .. q)
      if #hand > 0 then
        local c = hand[game.random(#hand)]
        game.move_card(c, "actions:" .. q, "discard:actions")
        game.log({ key = "ti3.discards_action_card_random", p = L.pn(q), card = L.name("action_cards", c) })
      end
    end
    L.political_vote()
    L.political_vote()
  end,
}

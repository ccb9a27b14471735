-- Political Focus (law, For/Against).
-- For: a player who chooses the Political strategy card gains at once one
-- command counter (from his reinforcements, into a pool of his choice) or two
-- trade goods. The choice is offered when the strategy phase ends; nothing
-- in the strategy phase uses trade goods or counters, so this is the same as
-- at the moment of choosing. Only the base set has a card named Political;
-- with Shattered Empire's strategy cards the law has nothing to act on.
-- Against: the top card of the political deck is revealed and voted on at
-- once (a second vote, with the planets the first one left ready).
local L = game.lib
local ID = "political_focus"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "political_focus") end

return {
  resolve = function(outcome, def)
    if outcome == "against" then
      game.log({ key = "ti3.next_political_card_voted", card = NAME() })
      L.political_vote()
    end
  end,
  ["after:strategy_phase"] = function(ctx, p, def)
    if p ~= nil then return end
    local q = game.get("game", nil, "sc_owner:political")
    if not q or not game.data.strategy_cards.political then return end
    local opts = { "2 trade goods" }
    if L.reinforcements(q) > 0 then opts[#opts + 1] = "command counter" end
    if game.choose(q, { key = "ti3.card_gain", card = NAME() }, opts) == "command counter" then
      local pool = game.choose(q, { key = "ti3.place_command_counter_for", card = NAME() }, L.POOLS)
      game.add(q, pool, 1)
      game.log({ key = "ti3.gains_command_counter_pool_for", p = L.pn(q), pool = pool, card = NAME() })
    else
      L.gain_tg(q, 2, NAME())
    end
  end,
}

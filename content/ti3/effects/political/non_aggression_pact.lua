-- Non-Aggression Pact (law, For/Against).
-- For: the first player who activates a system holding another player's
-- ships loses one victory point (never below zero), and the law is then
-- discarded.
-- Against: the top card of the objective deck is revealed and placed face up
-- (L.reveal_objective; Imperium Rex ends the game as usual).
local L = game.lib
local ID = "non_aggression_pact"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "non_aggression_pact") end

return {
  resolve = function(outcome, def)
    if outcome == "against" then
      if not L.reveal_objective() then game.log({ key = "ti3.objective_deck_empty", card = NAME() }) end
    end
  end,
  ["after:activation"] = function(ctx, p, def)
    if p ~= nil or game.get("game", nil, "law:" .. ID) ~= "for" then return end
    local q, s = ctx.player, ctx.system
    if not s or #L.other_ships(q, s) == 0 then return end
    local v = math.max(0, game.counter(q, "vp") - 1)
    game.set(q, "vp", v)
    game.log({ key = "ti3.breaks_loses_1_vp", p = L.pn(q), card = NAME(), v = v })
    game.move_card(ID, "laws", "discard:politics")
    game.revoke("game", "political_cards", ID)
    game.put("game", nil, "law:" .. ID, nil)
    game.log({ key = "ti3.law_discarded", card = NAME() })
  end,
}

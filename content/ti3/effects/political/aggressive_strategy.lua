-- Aggressive Strategy. For: in play order (from the speaker), each player
-- may at once use the secondary of each strategy card he holds, without
-- spending a strategy counter (the card's own can_secondary still applies).
-- Against: nobody may use a strategy card's secondary for the rest of the
-- round (game prop no_secondaries_round, read by the rules'
-- L.may_use_secondary).
local L = game.lib
return {
  resolve = function(outcome, def)
    local round = game.get("game", nil, "round") or 0
    if outcome == "against" then
      game.put("game", nil, "no_secondaries_round", round)
      game.log({ key = "ti3.no_secondaries_this_round" })
      return
    end
    if outcome ~= "for" then return end
    for _, q in ipairs(L.order_from(L.speaker())) do
      for _, id in ipairs(L.sc_ids()) do
        local d = game.data.strategy_cards[id]
        local h = d.handler
        local ctx = { player = q, active = q, card = id }
        if game.get("game", nil, "sc_owner:" .. id) == q and type(h) == "table" and h.secondary
          and (not h.can_secondary or h.can_secondary(q, d, ctx))
          and game.choose(q, { key = "use_secondary", card = L.name("strategy_cards", id), id = id }, { "no", "yes" }) == "yes" then
          game.log({ key = "uses_secondary", p = L.pn(q), card = L.name("strategy_cards", id) })
          L.resolve_secondary(q, d, ctx)
        end
      end
    end
  end,
}

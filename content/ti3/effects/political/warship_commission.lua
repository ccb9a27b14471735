-- Warship Commission (directive, For/Against).
-- For: from the speaker clockwise, each player may put one dreadnought into
-- a system with one of his space docks, without paying for it (as far as
-- his dreadnoughts are not all in play; the fleet supply is checked).
-- Against: for the rest of this round cruisers, dreadnoughts and war suns
-- cost two resources more (production_terms).
local L = game.lib
local function NAME() return L.name("political_cards", "warship_commission") end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.warships_cost_more", card = NAME(), n = 2 })
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do L.free_ships_at_dock(p, { "dreadnought" }, NAME()) end
  end,
  production_terms = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) then return end
    for _, t in ipairs({ "cruiser", "dreadnought", "war_sun" }) do ctx.cost[t] = (ctx.cost[t] or 0) + 2 end
  end,
}

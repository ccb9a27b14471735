-- Interstellar Arms Dealers (directive, For/Against).
-- For: from the speaker clockwise, each player may pay 3 resources to put a
-- destroyer and a dreadnought into a system with one of his space docks.
-- Against: for the rest of this round every ship but fighters costs one
-- resource more (production_terms).
local L = game.lib
local function NAME() return L.name("political_cards", "interstellar_arms_dealers") end
local SHIPS = { "carrier", "cruiser", "destroyer", "dreadnought", "war_sun" }
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.ships_cost_more", card = NAME(), n = 1 })
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if L.spendable(p, "resources") >= 3 and #L.dock_systems(p) > 0
        and game.confirm(p, { key = "ti3.buy_arms", card = NAME(), n = 3 }) then
        L.pay(p, 3, "resources")
        L.free_ships_at_dock(p, { "destroyer", "dreadnought" }, NAME(), true)
      end
    end
  end,
  production_terms = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) then return end
    for _, t in ipairs(SHIPS) do ctx.cost[t] = (ctx.cost[t] or 0) + 1 end
  end,
}

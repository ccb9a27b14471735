-- Humane Labor (law, For/Against).
-- For: while the law is in play, every space dock produces at most 2 units
-- (game prop production_per_unit, read by L.production_per_unit); the law's
-- repeal lifts it.
-- Against: for the rest of this round no space dock produces anything
-- (production_terms: none).
local L = game.lib
local function NAME() return L.name("political_cards", "humane_labor") end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.no_production_this_round", card = NAME() })
      return
    end
    game.put("game", nil, "production_per_unit", 2)
    game.log({ key = "ti3.docks_produce_at_most", card = NAME(), n = 2 })
  end,
  repeal = function(def)
    game.put("game", nil, "production_per_unit", nil)
  end,
  production_terms = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) then return end
    ctx.none = NAME()
  end,
}

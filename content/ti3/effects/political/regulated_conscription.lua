-- Regulated Conscription (law, For/Against).
-- For: while the law is in play, one resource buys one ground force instead
-- of two (production_terms: per_pick), and the Sol racial ability puts one
-- ground force per command counter instead of two (game prop orbital_drop_count, read by
-- L.orbital_drop_count; the law's repeal lifts it).
-- Against: no effect.
local L = game.lib
return {
  resolve = function(outcome, def)
    if outcome == "for" then game.put("game", nil, "orbital_drop_count", 1) end
  end,
  repeal = function(def) game.put("game", nil, "orbital_drop_count", nil) end,
  production_terms = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    ctx.per_pick.ground_force = 1
  end,
}

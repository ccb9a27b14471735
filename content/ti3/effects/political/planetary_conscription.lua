-- Planetary Conscription (law, For/Against).
-- For: while the law is in play, a player who takes control of a neutral
-- planet (establish_control) may put one ground force from his
-- reinforcements on it.
-- Against: for the rest of this round nobody may land on a neutral planet
-- (landing_terms).
local L = game.lib
local function NAME() return L.name("political_cards", "planetary_conscription") end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.no_landing_on_neutral", card = NAME() })
    end
  end,
  landing_terms = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) or game.planet_owner(ctx.planet) ~= nil then return end
    ctx.count = 0
    game.log({ key = "ti3.may_not_invade", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet), card = NAME() })
  end,
  ["before:establish_control"] = function(ctx, p, def)
    if p ~= nil then return end
    ctx.conscription_neutral = game.planet_owner(ctx.planet) == nil
  end,
  ["after:establish_control"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not ctx.conscription_neutral then return end
    local q = ctx.player
    if game.planet_owner(ctx.planet) ~= q then return end
    local d = L.def(q, "ground_force")
    if d.limit and game.count_units { owner = q, kind = "ground_force" } >= d.limit then return end
    if game.confirm(q, { key = "ti3.conscript_ground_force", planet = L.name("planets", ctx.planet), card = NAME() }) then
      game.spawn("ground_force", q, { planet = ctx.planet })
      game.log({ key = "ti3.mobilization_places", p = L.pn(q), n = 1, planet = L.name("planets", ctx.planet), card = NAME() })
    end
  end,
}

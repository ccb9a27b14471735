-- Official Sanction (directive, elect a player): for the rest of this round
-- the elected player may not invade any planet, neutral or another
-- player's (landing_terms).
local L = game.lib
local function NAME() return L.name("political_cards", "official_sanction") end
return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if not p then return end
    L.directive_for_round(def.id, p)
    game.log({ key = "ti3.may_not_invade_this_round", p = L.pn(p), card = NAME() })
  end,
  landing_terms = function(ctx, p, def)
    if p ~= nil or L.directive_active(def.id) ~= ctx.player or not L.invades(ctx.player, ctx.planet) then return end
    ctx.count = 0
    game.log({ key = "ti3.may_not_invade", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet), card = NAME() })
  end,
}

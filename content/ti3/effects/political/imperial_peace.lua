-- Imperial Peace (law, For/Against).
-- For: while the law is in play, nobody may land ground forces to invade
-- Mecatol Rex (landing_terms).
-- Against: for the rest of this round, Mecatol Rex is the only planet that
-- may be invaded.
local L = game.lib
local MR = "mecatol_rex"
local function NAME() return L.name("political_cards", "imperial_peace") end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.invasions_only_mecatol", card = NAME() })
    end
  end,
  landing_terms = function(ctx, p, def)
    if p ~= nil or not L.invades(ctx.player, ctx.planet) then return end
    local barred = (L.law(def.id) == "for" and ctx.planet == MR) or (L.directive_active(def.id) and ctx.planet ~= MR)
    if barred then
      ctx.count = 0
      game.log({ key = "ti3.may_not_invade", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet), card = NAME() })
    end
  end,
}

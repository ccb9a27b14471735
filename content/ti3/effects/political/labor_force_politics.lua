-- Labor Force Politics (law, For/Against).
-- For: while the law is in play, every planet's resource and influence
-- values trade places (game prop planet_values_swapped, read by ti3's
-- L.pdef; the law's repeal lifts it).
-- Against: for the rest of this round each player may produce in only one
-- system with his space docks: once he has produced somewhere, production
-- elsewhere is refused (production_terms).
local L = game.lib
local function NAME() return L.name("political_cards", "labor_force_politics") end
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "planet_values_swapped", true)
      game.log({ key = "ti3.planet_values_swapped", card = NAME() })
      return
    end
    L.directive_for_round(def.id, {})
    game.log({ key = "ti3.one_dock_this_round", card = NAME() })
  end,
  repeal = function(def) game.put("game", nil, "planet_values_swapped", nil) end,
  production_terms = function(ctx, p, def)
    if p ~= nil then return end
    local used = L.directive_active(def.id)
    if type(used) ~= "table" then return end
    local at = used[L.pn(ctx.player)]
    if at and at ~= ctx.system then ctx.none = NAME() end
  end,
  ["after:production"] = function(ctx, p, def)
    if p ~= nil then return end
    local used = L.directive_active(def.id)
    if type(used) ~= "table" or (ctx.produced or 0) == 0 then return end
    used[L.pn(ctx.player)] = used[L.pn(ctx.player)] or ctx.system
    game.put("game", nil, "pending:" .. def.id, used)
  end,
}

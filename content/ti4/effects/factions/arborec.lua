-- Arborec, faction-wide effects. Flagship Duha Menaimon: after the player
-- activates its system, they may produce up to 5 units there. That is a
-- production step of its own, whose production value is 5 (the game prop
-- `flagship_production` names the system while it runs; rules/faction_rules_b.lua).
local L = game.lib

local function duha_in(p, s)
  for _, u in ipairs(game.units { owner = p, kind = "flagship", system = s, space = true }) do
    if L.has_flagship_ability(p, u, "arborec_flagship") then return true end
  end
  return false
end

return {
  ["after:activation"] = function(ctx, p)
    if ctx.player ~= p or not duha_in(p, ctx.system) then return end
    local card = L.name("units", "arborec_flagship")
    if game.choose(p, { key = "ti4.flagship_produce", card = card, n = 5, system = L.sysname(ctx.system) }, { "no", "yes" }) ~= "yes" then return end
    game.put("game", nil, "flagship_production", ctx.system)
    game.step("production", { player = p, active = p, system = ctx.system })
    game.put("game", nil, "flagship_production", nil)
  end,
}

-- Hegemonic Trade Policy (Winnu): as the player's units use PRODUCTION (a
-- production step of the player's), the player may exhaust this card to
-- swap the resource and influence values of one planet it controls for that
-- production (game prop `htp_swap`, read by L.pdef in
-- rules/faction_rules_c.lua; cleared when the step ends). Only planets
-- whose two values differ are offered.
local L = game.lib

return {
  ["before:production"] = function(ctx, p, def)
    if ctx.player ~= p or game.get("player", p, "used:" .. def.id) then return end
    if L.production(p, ctx.system) <= 0 then return end
    local opts = { "none" }
    local planets = game.planets_owned(p)
    table.sort(planets)
    for _, pl in ipairs(planets) do
      local d = L.pdef(pl)
      if (d.resources or 0) ~= (d.influence or 0) then opts[#opts + 1] = pl end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.htp_offer", card = L.name("techs", def.id) }, opts)
    if pick == "none" then return end
    game.put("player", p, "used:" .. def.id, true)
    game.put("game", nil, "htp_swap", pick)
    game.log({ key = "ti4.htp_swaps", p = L.pn(p), card = L.name("techs", def.id), planet = L.name("planets", pick) })
  end,
  ["after:production"] = function(ctx, p)
    if ctx.player == p and game.get("game", nil, "htp_swap") then game.put("game", nil, "htp_swap", nil) end
  end,
}

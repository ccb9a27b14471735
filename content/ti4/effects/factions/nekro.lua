-- Nekro Virus, faction-wide effects. Flagship The Alastor: as a space
-- combat starts in its system, the player may have any number of its ground
-- forces in that space area fight as if they were ships. They get the unit
-- prop `as_ship` (and the player the prop `alastor`), which L.ships reads
-- (rules/faction_rules_c.lua), until the combat ends.
local L = game.lib
local FLAGSHIP = "nekro_flagship"

local function ground_in_space(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if u.carried == nil and L.def(p, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end

return {
  ["before:space_combat"] = function(ctx, p)
    local s = ctx.system
    if not s or (ctx.player ~= p and ctx.defender ~= p) then return end
    local here = false
    for _, u in ipairs(L.ships(p, s)) do
      if L.has_flagship_ability(p, u, FLAGSHIP) then here = true end
    end
    local gf = ground_in_space(p, s)
    if not here or #gf == 0 then return end
    local opts = {}
    for i = 0, #gf do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti4.alastor_ground_forces", card = L.name("units", FLAGSHIP), system = L.sysname(s) }, opts))
    if n == 0 then return end
    for i = 1, n do game.put("unit", gf[i].id, "as_ship", true) end
    game.put("player", p, "alastor", true)
    game.log({ key = "ti4.alastor_fight", p = L.pn(p), n = n, card = L.name("units", FLAGSHIP) })
  end,
  ["after:space_combat"] = function(ctx, p)
    if not game.get("player", p, "alastor") then return end
    game.put("player", p, "alastor", nil)
    for _, u in ipairs(game.units { owner = p }) do
      if game.get("unit", u.id, "as_ship") then game.put("unit", u.id, "as_ship", nil) end
    end
  end,
}

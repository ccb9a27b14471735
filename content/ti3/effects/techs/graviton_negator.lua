-- Graviton Negator (bombardment through PDS shields is the flag
-- bombard_through_shields, read by races.lua's L.shielded): the attacker's
-- fighters in the system may join an invasion combat. While it lasts they
-- fight as ground units (races.lua's L.ground reads the planet prop
-- `gn_fighters`); the survivors go back to space when it ends and never take
-- control of the planet.
local L = game.lib

local function fighters(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "fighter" then out[#out + 1] = u end
  end
  return out
end

local function defenders(p, pl)
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then return true end
  end
  return false
end

return {
  ["before:ground_combat"] = function(ctx, p, def)
    if ctx.player ~= p or not ctx.system then return end
    local pl = ctx.planet
    local list = fighters(p, ctx.system)
    if #list == 0 or #L.ground(p, pl) == 0 or not defenders(p, pl) then return end
    local opts = { "0" }
    for i = 1, #list do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti3.fighters_join_invasion", tech = L.name("techs", def.id), planet = L.name("planets", pl) }, opts))
    if n == 0 then return end
    for i = 1, n do game.move_unit(list[i].id, { planet = pl }) end
    game.put("planet", pl, "gn_fighters", p)
    game.log({ key = n > 1 and "ti3.commits_fighters_many" or "ti3.commits_fighters_one", p = L.pn(p), n = n, planet = L.name("planets", pl) })
  end,
  ["after:ground_combat"] = function(ctx, p)
    local pl = ctx.planet
    if game.get("planet", pl, "gn_fighters") ~= p then return end
    game.put("planet", pl, "gn_fighters", nil)
    local s = game.planet_system(pl)
    local n = 0
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      if L.def(p, u.kind).type == "fighter" then
        game.move_unit(u.id, { system = s })
        n = n + 1
      end
    end
    if n > 0 then game.log({ key = n > 1 and "ti3.fighters_return_to_space" or "ti3.fighter_returns_to_space", p = L.pn(p), n = n }) end
  end,
}

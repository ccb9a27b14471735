-- X-89 Bacterial Weapon: before bombarding, one of the player's dreadnoughts
-- or war suns in the system may instead destroy every enemy ground force on
-- a planet it could bombard (not one shielded from it); the player then
-- discards all his action cards. The planet is then not bombarded. A unit
-- that L.x89_spares (rules/tech.lua; default none) survives.
local L = game.lib

local function carriers_of_weapon(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    local t = L.def(p, u.kind).type
    if t == "dreadnought" or t == "war_sun" then out[#out + 1] = u end
  end
  return out
end

local function targets(ctx, p)
  local out = {}
  for _, pl in ipairs(game.planets_of(ctx.system)) do
    if not (ctx.forbid and ctx.forbid[pl]) and not L.shielded(pl, p) then
      for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
        if L.def(u.owner, u.kind).class == "ground" then out[#out + 1] = pl; break end
      end
    end
  end
  return out
end

return {
  when = function(ctx, p)
    return ctx.player == p and #carriers_of_weapon(p, ctx.system) > 0 and #targets(ctx, p) > 0
  end,
  run = function(ctx, p, def)
    local opts = { "none" }
    for _, pl in ipairs(targets(ctx, p)) do opts[#opts + 1] = pl end
    local pl = game.choose(p, { key = "ti3.wipe_out_ground_forces", tech = L.name("techs", def.id) }, opts)
    if pl == "none" then return end
    game.log({ key = "ti3.uses_tech_on", p = L.pn(p), tech = L.name("techs", def.id), planet = L.name("planets", pl) })
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      if L.def(u.owner, u.kind).class == "ground" and not L.x89_spares(u, p) then
        L.destroy_unit(u, { source = p, label = "x-89", active = p, system = ctx.system },
          { key = "ti3.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
      end
    end
    for _, c in ipairs(game.zone("actions:" .. p)) do game.move_card(c, "actions:" .. p, "discard:actions") end
    game.log({ key = "ti3.discards_all_action_cards", p = L.pn(p), tech = L.name("techs", def.id) })
    ctx.forbid = ctx.forbid or {}
    ctx.forbid[pl] = true
  end,
}

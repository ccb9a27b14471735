-- X-89 Bacterial Weapon in TACS: as in ti3 (before bombarding, a dreadnought
-- or war sun of the player wipes out the enemy ground forces on a planet it
-- could bombard, the player discards his action cards, and that planet is not
-- bombarded), except that ground forces with the Immunity C promotion survive.
local L = game.lib

local function has_weapon_ship(p, s)
  for _, u in ipairs(L.ships(p, s)) do
    local t = L.def(p, u.kind).type
    if t == "dreadnought" or t == "war_sun" then return true end
  end
  return false
end

local function planets(ctx, p)
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
    return ctx.player == p and has_weapon_ship(p, ctx.system) and #planets(ctx, p) > 0
  end,
  run = function(ctx, p, def)
    local opts = { "none" }
    for _, pl in ipairs(planets(ctx, p)) do opts[#opts + 1] = pl end
    local pl = game.choose(p, { key = "ti3.wipe_out_ground_forces", tech = L.name("techs", def.id) }, opts)
    if pl == "none" then return end
    game.log({ key = "ti3.uses_tech_on", p = L.pn(p), tech = L.name("techs", def.id), planet = L.name("planets", pl) })
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      if L.def(u.owner, u.kind).class == "ground" and not L.tacs_gf_stats(u).immune_x89 then
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

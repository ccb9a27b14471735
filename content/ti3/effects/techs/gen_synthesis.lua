-- Gen Synthesis (the +1 is `combat_bonus` in techs.yaml): when one of the
-- player's ground forces is destroyed, roll a die; on 5 or more it comes back
-- on a planet of the player's home system that he controls. Which destroyed
-- units roll: L.gen_synthesis_returns (rules/tech.lua; shock troops too).
local L = game.lib
return {
  when = function(ctx, p)
    return ctx.player == p and L.gen_synthesis_returns(p, L.def(p, ctx.kind).type)
  end,
  run = function(ctx, p, def)
    local home = L.home(p)
    local opts = {}
    for _, pl in ipairs(home and game.planets_of(home) or {}) do
      if game.planet_owner(pl) == p then opts[#opts + 1] = pl end
    end
    if #opts == 0 then return end
    if game.roll({ key = "ti3.tech_roll_for", p = L.pn(p), tech = L.name("techs", def.id), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit }, 1, 5) == 0 then return end
    local pl = game.choose(p, { key = "ti3.return_ground_force", tech = L.name("techs", def.id) }, opts)
    game.spawn(ctx.kind, p, { planet = pl })
    game.log({ key = "ti3.ground_force_returns", p = L.pn(p), planet = L.name("planets", pl), tech = L.name("techs", def.id) })
  end,
}

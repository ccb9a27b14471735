-- Telepathic Mind Weapon (Naalu): an opponent who activates a system holding
-- a planet the player controls loses one counter from his fleet supply; his
-- fleets are then checked against the smaller supply.
local L = game.lib
local controls = L.controls_planet_in
return {
  when = function(ctx, p)
    return ctx.player ~= p and ctx.system ~= nil and controls(p, ctx.system) and game.counter(ctx.player, "fleet") > 0
  end,
  run = function(ctx, p, def)
    local q = ctx.player
    game.add(q, "fleet", -1)
    game.log({ key = "ti3.loses_fleet_supply_counter", p = L.pn(q), tech = L.name("racial_techs", def.id), q = L.pn(p) })
    local seen = {}
    for _, u in ipairs(game.units { owner = q, space = true }) do
      if u.system and not seen[u.system] then
        seen[u.system] = true
        L.enforce_limits(q, u.system)
      end
    end
  end,
}

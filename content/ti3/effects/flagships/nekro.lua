-- Nekro flagship: when it is destroyed, every ship in its system, of every
-- player, is destroyed as well; ground forces left in space without
-- capacity are then removed by the usual limits.
local L = game.lib
return {
  when = function(ctx, p, def)
    return ctx.player == p and ctx.kind == "flagship" and ctx.system ~= nil and def.destroys_system_ships and L.flagships.on()
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    game.log({ key = "ti3.destroyed_every_ship_destroyed", unit = L.name("units", def.id), system = L.sysname(s) })
    local owners, seen = {}, {}
    for _, u in ipairs(game.units { system = s, space = true }) do
      if u.carried == nil and game.unit_exists(u.id) and L.def(u.owner, u.kind).class == "ship" then
        game.remove_unit(u.id)
        game.log({ key = "ti3.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
        if not seen[u.owner] then seen[u.owner] = true; owners[#owners + 1] = u.owner end
      end
    end
    table.sort(owners)
    for _, q in ipairs(owners) do L.enforce_limits(q, s) end
  end,
}

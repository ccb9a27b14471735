-- Naalu, Neuroglaive: after another player activates a system holding the
-- holder's ships, that player returns 1 token from their fleet pool to their
-- reinforcements (none if their fleet pool is empty; then the fleet pool is
-- checked in every system, as after redistributing).
local L = game.lib

return {
  when = function(ctx, p)
    return ctx.player ~= p and ctx.system ~= nil and #L.ships(p, ctx.system) > 0 and L.activation_touches(ctx.player, p)
      and game.counter(ctx.player, "fleet") > 0
  end,
  run = function(ctx, p, def)
    local q = ctx.player
    game.add(q, "fleet", -1)
    game.log({ key = "ti4.loses_fleet_token", p = L.pn(q), card = L.name("techs", def.id), n = game.counter(q, "fleet") })
    local seen = {}
    for _, u in ipairs(game.units { owner = q, space = true }) do
      if u.system and not seen[u.system] then
        seen[u.system] = true
        L.enforce_limits(q, u.system)
      end
    end
  end,
}

-- Risky Attack: the attacker places his ships in any zone. Played right after
-- moving into a system with an enemy fleet: not against planet guns alone.
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and p == ctx.attacker and #L.ships(ctx.defender, ctx.system) > 0
  end,
  run = function(ctx, p) ctx.risky[p] = true end,
}

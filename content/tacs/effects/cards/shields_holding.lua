-- Shields Holding (zone battle): when a shot of an opponent damages one of
-- the player's ships, that damage is cancelled, and so is the damage of the
-- next shot of an opponent that would hurt one of his ships this round (two
-- shots in all, the zone battle's reading of "two hits"; rules/i_cards.lua
-- keeps the second).
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and ctx.source ~= p and (ctx.n or 0) > 0
  end,
  run = function(ctx, p)
    ctx.n = 0
    game.put("game", nil, "tacs_shields", { player = p, system = ctx.system, left = 1 })
    game.log({ key = "tacs.shield_cancels", p = L.pn(p), unit = ctx.kind .. "#" .. ctx.unit })
  end,
}

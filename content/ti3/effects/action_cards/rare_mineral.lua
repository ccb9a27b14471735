-- Rare Mineral: three trade goods right after the player has taken a planet
-- that was neutral by invading it (the control step of the invasion, with no
-- previous owner).
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and ctx.planet ~= nil
      and ctx.defender == nil and game.planet_owner(ctx.planet) == p
  end,
  run = function(ctx, p) L.gain_tg(p, 3, "Rare Mineral") end,
}

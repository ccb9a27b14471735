-- Occupied home system (rules/k_victory.lua): a player's victory points are
-- 2 lower while he does not control every planet of his home system. Checked
-- whenever a planet changes hands and at the end of every turn (a planet can
-- also turn neutral without the planet_gained window). Points given back
-- when the home system is retaken count at once: victory comes the moment
-- the goal is reached (seed 000, "Objective Cards and Victory"), so the
-- victory check follows (L.check_win: nobody wins while objectives are
-- being claimed).
local L = game.lib
return {
  planet_gained = function(ctx)
    local V = L.sa_victory
    if ctx.player then V.sync_home(ctx.player) end
    if ctx.from then V.sync_home(ctx.from) end
    if ctx.player then L.check_win(ctx.player) end
  end,
  turn_end = function(ctx)
    L.sa_victory.sync_all()
    L.check_win(ctx.player)
  end,
}

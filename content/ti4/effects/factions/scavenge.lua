-- Saar, Scavenge: 1 trade good each time the player gains control of a planet.
local L = game.lib

return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p, def) L.gain_tg(p, 1, L.name("abilities", def.id)) end,
}

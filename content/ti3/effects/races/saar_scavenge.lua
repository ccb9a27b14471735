-- Saar: one trade good each time the player gains a planet.
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p, def) L.gain_tg(p, 1, L.name("race_abilities", def.id)) end,
}

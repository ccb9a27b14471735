-- Non-Euclidean Shielding (Letnev): when one of the player's units uses
-- SUSTAIN DAMAGE, it cancels 2 hits instead of 1 (ctx.cancels of the
-- after_sustain window; with a single hit left the second is not needed).
local L = game.lib

return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p, def)
    if (ctx.cancels or 1) < 2 then
      ctx.cancels = 2
      game.log({ key = "ti4.cancels_2_hits", p = L.pn(p), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit, card = L.name("techs", def.id) })
    end
  end,
}

-- E-Res Siphons: after another player activates a system that holds one or
-- more of the player's ships, the player gains 4 trade goods.
local L = game.lib

return {
  when = function(ctx, p) return ctx.player ~= p and ctx.system and #L.ships(p, ctx.system) > 0 end,
  run = function(ctx, p, def) L.gain_tg(p, 4, L.name("techs", def.id)) end,
}

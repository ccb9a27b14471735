-- E-Res Siphons: whenever some other player activates a system containing
-- at least one of the player's ships, the player receives 4 trade goods.
local L = game.lib

return {
  when = function(ctx, p) return ctx.player ~= p and ctx.system and #L.ships(p, ctx.system) > 0 and L.activation_touches(ctx.player, p) end,
  run = function(ctx, p, def) L.gain_tg(p, 4, L.name("techs", def.id)) end,
}

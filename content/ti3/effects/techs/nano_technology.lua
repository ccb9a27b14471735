-- Nano Technology: a planet the player gains comes ready. (Immunity of his
-- dreadnoughts and war suns to opponents' action cards is the flag
-- ac_immune_capital_ships, for the action card scripts.)
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p and ctx.planet ~= nil end,
  run = function(ctx, p, def)
    if game.exhausted(ctx.planet) then
      game.exhaust(ctx.planet, false)
      game.log({ key = "ti3.comes_ready", planet = L.name("planets", ctx.planet), tech = L.name("techs", def.id) })
    end
  end,
}

-- Electro-Resonance Turbines (Jol-Nar): when an opponent activates a system
-- holding a planet the player controls, the player takes 3 trade goods.
local L = game.lib
local controls = L.controls_planet_in
return {
  when = function(ctx, p) return ctx.player ~= p and ctx.system ~= nil and controls(p, ctx.system) end,
  run = function(ctx, p, def) L.gain_tg(p, 3, L.name("racial_techs", def.id)) end,
}

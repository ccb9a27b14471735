-- Electro-Resonance Turbines (Jol-Nar): when an opponent activates a system
-- holding a planet the player controls, the player takes 3 trade goods.
local L = game.lib
local function controls(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then return true end
  end
  return false
end
return {
  when = function(ctx, p) return ctx.player ~= p and ctx.system ~= nil and controls(p, ctx.system) end,
  run = function(ctx, p, def) L.gain_tg(p, 3, L.name("racial_techs", def.id)) end,
}

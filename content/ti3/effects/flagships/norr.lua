-- Sardakk N'orr flagship: its owner's space battle rolls in its system get
-- the flagship's bonus (on top of the race's own +1).
local L = game.lib
return function(ctx, p)
  if ctx.ground or not ctx.mods or not ctx.mods[p] then return end
  if p ~= ctx.attacker and p ~= ctx.defender then return end
  local x = L.flagships.has(p, ctx.system, "combat_bonus_here")
  if not x then return end
  local b = x.def.combat_bonus_here
  ctx.mods[p].all = (ctx.mods[p].all or 0) + b
  game.log({ key = "ti3.flagship_combat_bonus", p = L.pn(p), b = b, flagship = L.flagships.name(p) })
end

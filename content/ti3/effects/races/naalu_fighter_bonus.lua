-- Naalu: fighters get +1 in space battles.
return function(ctx, p)
  if ctx.ground or not ctx.mods or not ctx.mods[p] then return end
  if p ~= ctx.attacker and p ~= ctx.defender then return end
  ctx.mods[p].fighter = (ctx.mods[p].fighter or 0) + 1
end

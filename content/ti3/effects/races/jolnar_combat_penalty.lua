-- Jol-Nar: -1 on every roll in space battles and invasion combat.
return function(ctx, p)
  if not ctx.mods or not ctx.mods[p] then return end
  if p ~= ctx.attacker and p ~= ctx.defender then return end
  ctx.mods[p].all = (ctx.mods[p].all or 0) - 1
end

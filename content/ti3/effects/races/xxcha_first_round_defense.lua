-- Xxcha: in the first round of a space battle or invasion combat against the
-- player, the opponent's rolls take -1.
return function(ctx, p)
  if ctx.round ~= 1 or not ctx.mods then return end
  local opp
  if p == ctx.attacker then opp = ctx.defender elseif p == ctx.defender then opp = ctx.attacker end
  if not opp or not ctx.mods[opp] then return end
  ctx.mods[opp].all = (ctx.mods[opp].all or 0) - 1
end

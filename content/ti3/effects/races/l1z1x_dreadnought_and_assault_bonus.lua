-- L1Z1X: +1 for dreadnoughts in space battles; +1 for ground forces in
-- invasion combat when attacking. (Shock troops count as ground forces here,
-- as for Gen Synthesis in techs.yaml; UNCERTAIN.)
return function(ctx, p)
  local m = ctx.mods and ctx.mods[p]
  if not m or (p ~= ctx.attacker and p ~= ctx.defender) then return end
  if ctx.ground then
    if p == ctx.attacker then
      m.ground_force = (m.ground_force or 0) + 1
      m.shock_troop = (m.shock_troop or 0) + 1
    end
  else
    m.dreadnought = (m.dreadnought or 0) + 1
  end
end

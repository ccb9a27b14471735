-- Letnev flagship: repaired at the start of every space combat round in its
-- system. UNCERTAIN: rounds of invasion combat on a planet of its system are
-- not counted (the flagship is not in that combat).
local L = game.lib
return function(ctx, p)
  if ctx.ground or (p ~= ctx.attacker and p ~= ctx.defender) then return end
  local x = L.flagships.has(p, ctx.system, "repair_each_round")
  if not x or not game.get("unit", x.unit.id, "damaged") then return end
  game.put("unit", x.unit.id, "damaged", nil)
  game.log({ key = "ti3.flagship_repairs", p = L.pn(p), unit = x.unit.kind .. "#" .. x.unit.id, id = x.unit.id, flagship = L.flagships.name(p) })
end

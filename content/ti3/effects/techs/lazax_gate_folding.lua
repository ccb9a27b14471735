-- Lazax Gate Folding (Winnu): at the start of each status phase, the player
-- may put one ground force on Mecatol Rex if nobody controls it or he does;
-- on an uncontrolled Mecatol Rex it gives him control (our reading).
local L = game.lib
local MR = "mecatol_rex"
return function(ctx, p, def)
  if not game.planet_system(MR) then return end
  local o = game.planet_owner(MR)
  if o and o ~= p then return end
  for _, u in ipairs(game.units { planet = MR, not_owner = p }) do return end
  local name = L.name("racial_techs", def.id)
  if game.choose(p, { key = "ti3.put_ground_force_on", name = name, planet = L.name("planets", MR) }, { "no", "yes" }) ~= "yes" then return end
  game.spawn("ground_force", p, { planet = MR })
  game.log({ key = "ti3.puts_ground_force", p = L.pn(p), planet = L.name("planets", MR), name = name })
  if not o then L.take_control(p, MR, true) end
end

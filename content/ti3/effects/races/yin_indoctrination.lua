-- Yin: before an invasion combat the player attacks in, roll one die; on 5
-- or more one enemy ground force there is removed and the player gains a
-- ground force (from reinforcements) on that planet. With Fanaticism (racial
-- technology) it is done twice. Which units it may convert, the one it aims
-- at and the roll needed: L.indoctrination_candidates and
-- L.indoctrination_target (rules/races.lua).
local L = game.lib

return {
  when = function(ctx, p)
    return ctx.player == p and #L.ground(p, ctx.planet) > 0 and #L.indoctrination_candidates(p, ctx.planet) > 0
  end,
  run = function(ctx, p, def)
    local pl = ctx.planet
    local name = L.name("race_abilities", def.id)
    local times = game.holds(p, "racial_techs", "fanaticism") and 2 or 1
    for _ = 1, times do
      local theirs = L.indoctrination_candidates(p, pl)
      if #theirs == 0 then return end
      if game.choose(p, { key = "ti3.roll_before_invasion_combat", name = name, planet = L.name("planets", pl) }, { "no", "yes" }) ~= "yes" then return end
      local u, need = L.indoctrination_target(p, pl, theirs)
      if game.roll({ key = "ti3.ability_roll", p = L.pn(p), ability = name }, 1, need) > 0 then
        game.remove_unit(u.id)
        game.spawn("ground_force", p, { planet = pl })
        game.log({ key = "ti3.converted_gains_ground_force", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, q = L.pn(p), planet = L.name("planets", pl) })
      end
    end
  end,
}

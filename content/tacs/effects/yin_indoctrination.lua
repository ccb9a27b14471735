-- Yin, Indoctrination in TACS: before an invasion combat the Yin player
-- attacks in, he may pick an enemy ground force there and roll one die; on 5
-- or more, one more for each promotion the target holds, it is removed and a
-- Yin ground force takes its place. With Fanaticism it is done twice.
local L = game.lib

local function enemy_ground(p, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end

return {
  when = function(ctx, p) return ctx.player == p and #L.ground(p, ctx.planet) > 0 and #enemy_ground(p, ctx.planet) > 0 end,
  run = function(ctx, p, def)
    local pl = ctx.planet
    local name = L.name("race_abilities", def.id)
    local times = game.holds(p, "racial_techs", "fanaticism") and 2 or 1
    for _ = 1, times do
      local theirs = enemy_ground(p, pl)
      if #theirs == 0 then return end
      if game.choose(p, { key = "ti3.roll_before_invasion_combat", name = name, planet = L.name("planets", pl) }, { "no", "yes" }) ~= "yes" then return end
      local opts, by = {}, {}
      for _, u in ipairs(theirs) do opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
      local u = by[game.choose(p, { key = "tacs.convert_which", id = 0 }, opts)]
      local promotions = 0
      for _ in pairs(L.tacs_promotions(u)) do promotions = promotions + 1 end
      if game.roll({ key = "ti3.ability_roll", p = L.pn(p), ability = name }, 1, 5 + promotions) > 0 then
        game.remove_unit(u.id)
        game.spawn("ground_force", p, { planet = pl })
        game.log({ key = "ti3.converted_gains_ground_force", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, q = L.pn(p), planet = L.name("planets", pl) })
      end
    end
  end,
}

-- Shattered Ascension flagships (option `flagships`; units patched in
-- flagships.yaml, the TI3 rules in ti3's rules/u_flagships.lua).
--
--   * seed 000, "Flagships": a flagship need not be built in a home system;
--     any space dock of its owner may produce it (F.may_build_at);
--   * pre-combat shots (later SA calculator numbers, flagships.yaml): before
--     a space battle's first round, after the anti-fighter barrages, each
--     side's flagship with `pre_combat_shots` fires that many dice at its
--     combat value at the opponent's ships; as every pre-combat effect
--     (seed, general rules) both sides fire before the losses are removed;
--   * the Mentak flagship's "no sustain damage" also holds for the second
--     and third hits SA units may sustain (c_units.lua adds those choices
--     after ti3's filter ran).
-- Named to load after the other rules files of this pack.
local L = game.lib
local F = L.flagships

function F.may_build_at(p, s)
  if s == nil then return false end
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "space_dock" then return true end
  end
  return false
end

local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  return F.filter_sustain(p, units, base_hit_options(p, units, opts, gone))
end

-- Pre-combat shots: each side's flagships fire in window sa_pre_combat (after
-- the anti-fighter barrages, with the other pre-combat effects of both sides:
-- rules/b_general.lua); the hits are assigned once all have fired.
local function pre_combat(ctx, p, q)
  local s = ctx.system
  for _, u in ipairs(F.units(p, s)) do
    local d = L.def(p, u.kind)
    if d.pre_combat_shots and d.combat and #L.ships(q, s) > 0 then
      local hits = game.roll({ key = "sa.roll_flagship_pre_combat", p = L.pn(p), unit = u.kind, id = u.id }, d.pre_combat_shots, d.combat)
      L.sa_pre_combat_hit(ctx, q, hits)
    end
  end
end

game.on("sa_pre_combat", function(ctx)
  if not F.on() then return end
  pre_combat(ctx, ctx.attacker, ctx.defender)
  pre_combat(ctx, ctx.defender, ctx.attacker)
end)

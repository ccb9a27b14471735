-- Shattered Ascension flagships (option `flagships`; units patched in
-- flagships.yaml, the TI3 rules in ti3's rules/u_flagships.lua).
--
--   * seed 000, "Flagships": a flagship need not be built in a home system;
--     any space dock of its owner may produce it (F.may_build_at);
--   * pre-combat shots (later SA calculator numbers, flagships.yaml): before
--     a space battle's first round each side's flagship with
--     `pre_combat_shots` fires that many dice at its combat value at the
--     opponent's ships, who removes the losses at once;
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

local function pre_combat(p, q, s)
  for _, u in ipairs(F.units(p, s)) do
    local d = L.def(p, u.kind)
    if d.pre_combat_shots and d.combat and #L.ships(q, s) > 0 then
      local hits = game.roll(L.pn(p) .. " pre-combat shots " .. u.kind, d.pre_combat_shots, d.combat)
      L.assign_hits(q, L.ships(q, s), hits, "pre-combat shots", { source = p })
    end
  end
end

local base_space_combat = game.procedure_fn("space_combat")
procedure("space_combat", function(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or (a and s and L.enemies_in(a, s)[1])
  if F.on() and a and s and d and #L.ships(a, s) > 0 and #L.ships(d, s) > 0 then
    pre_combat(a, d, s)
    pre_combat(d, a, s)
  end
  return base_space_combat(ctx)
end)

-- The revised X-89 Bacterial Weapon (techs.yaml, effects/techs/): its flags,
-- read here through L.flag, work on ti-common's hooks.
--   double_bombardment_hits: the hits of the holder's BOMBARDMENT rolls
--     against a planet (the bombardment step, the L1Z1X Harrow) are doubled
--     (L.bombardment_roll_hits: after any reroll, before hits are cancelled
--     and before L.bombardment_hit_size, so Conventions of War Abandoned
--     makes each of them destroy 3 units).
--   double_ground_combat_hits: the hits of the holder's ground combat rolls
--     are doubled (L.combat_roll_hits: once the combat_rolled window, with
--     its rerolls, is over).
--   exhausts_bombarded_planets: a planet another player controls that the
--     holder's units bombard is exhausted (L.bombarded).
-- Other dice aimed at ground forces that are no use of BOMBARDMENT (Proxima
-- Targeting, Deorbit Barrage) are not doubled.
local L = game.lib

local X89 = "x89_bacterial_weapon"

local function card_of(p, flag)
  -- (The card named in the log: X-89 when p holds it, the flag otherwise.)
  if game.holds(p, "techs", X89) then return L.name("techs", X89) end
  return flag
end

local function doubled(p, hits, flag)
  if hits <= 0 or type(p) ~= "number" or p == 0 or L.flag(p, flag) == 0 then return hits end
  game.log({ key = "te.hits_doubled", p = L.pn(p), n = hits, hits = 2 * hits, card = card_of(p, flag) })
  return 2 * hits
end

local base_bombardment_roll_hits = L.bombardment_roll_hits
function L.bombardment_roll_hits(o, owner, pl, hits, ctx)
  return doubled(o, base_bombardment_roll_hits(o, owner, pl, hits, ctx), "double_bombardment_hits")
end

local base_combat_roll_hits = L.combat_roll_hits
function L.combat_roll_hits(p, hits, rc, label)
  local h = base_combat_roll_hits(p, hits, rc, label)
  if not (rc and rc.ground) then return h end
  return doubled(p, h, "double_ground_combat_hits")
end
-- (Space combats, the only plain fights, are left alone.)
L.plain_wrapper(L.combat_roll_hits, base_combat_roll_hits)

local base_bombarded = L.bombarded
function L.bombarded(o, pl, ctx)
  base_bombarded(o, pl, ctx)
  if type(o) ~= "number" or o == 0 or L.flag(o, "exhausts_bombarded_planets") == 0 then return end
  local q = game.planet_owner(pl)
  if not q or q == o or game.exhausted(pl) then return end
  game.exhaust(pl, true)
  game.log({ key = "te.bombarded_planet_exhausted", p = L.pn(o), planet = L.name("planets", pl), q = L.pn(q),
    card = card_of(o, "exhausts_bombarded_planets") })
end

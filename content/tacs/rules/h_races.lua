-- Race abilities TACS changes (races.yaml): inside the zone battle, and
-- Yin's Indoctrination through ti3's hooks.
local L = game.lib

local function has_ability(p, id)
  local d = game.data.race_abilities and game.data.race_abilities[id]
  return d ~= nil and type(p) == "number" and game.get("player", p, "faction") == d.race
end

-- Mentak: once each round one of its cruisers or destroyers in the battle
-- fires each of its cannons twice (chosen when its first cannon is aimed).
-- (UNCERTAIN: the seed's "fire twice with any cannon" is read as every
-- cannon of that ship firing twice, not one cannon of its choice.)
local base_round_cannons = L.tacs_round_cannons
function L.tacs_round_cannons(B, p, u)
  local list = base_round_cannons(B, p, u)
  if not has_ability(p, "mentak_ambush") or u.planet then return list end
  B.mentak = B.mentak or {}
  if B.mentak[p] == nil or B.mentak[p].round ~= B.round then
    local opts = { "none" }
    for _, x in ipairs(L.ships(p, B.s)) do
      local t = L.def(p, x.kind).type or x.kind
      if t == "cruiser" or t == "destroyer" then opts[#opts + 1] = x.kind .. "#" .. x.id end
    end
    local pick = #opts > 1 and game.choose(p, { key = "tacs.mentak_double" }, opts) or "none"
    B.mentak[p] = { round = B.round, id = tonumber(pick:match("#(%d+)$") or "") }
  end
  if B.mentak[p].id ~= u.id then return list end
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c; out[#out + 1] = c end
  return out
end

-- Yin, Indoctrination (ti3's script asks these hooks): any enemy ground unit
-- on the planet may be converted.
function L.indoctrination_candidates(p, pl) return L.tacs_enemy_ground(p, pl) end

-- Indoctrination: the Yin player picks the enemy ground unit he aims at; the
-- roll needs 5 and one more for each promotion it holds.
function L.indoctrination_target(p, pl, units)
  local opts, by = {}, {}
  for _, u in ipairs(units) do opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
  local u = by[game.choose(p, { key = "tacs.convert_which", id = 0 }, opts)]
  return u, 5 + #game.keys(L.tacs_promotions(u))
end

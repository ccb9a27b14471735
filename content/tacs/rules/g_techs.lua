-- Technologies and races in the zone battle (techs.yaml, races.yaml): the
-- ship data a player's technologies change, and accuracy bonuses.
local L = game.lib

local function type_of(p, kind) return L.def(p, kind).type or kind end

-- The race abilities of p's race.
local function race_abilities(p)
  local race = game.get("player", p, "faction")
  local out = {}
  if not race or not game.data.race_abilities then return out end
  for _, id in ipairs(game.keys(game.data.race_abilities)) do
    local d = game.data.race_abilities[id]
    if d.race == race then out[#out + 1] = d end
  end
  return out
end

-- The definitions p holds that may carry TACS numbers: technologies, racial
-- technologies and the abilities of p's race.
local function sources(p)
  local out = {}
  if type(p) ~= "number" then return out end
  for _, coll in ipairs({ "techs", "racial_techs" }) do
    for _, id in ipairs(game.holdings(p, coll)) do
      local d = game.data[coll] and game.data[coll][id]
      if d then out[#out + 1] = d end
    end
  end
  for _, d in ipairs(race_abilities(p)) do out[#out + 1] = d end
  return out
end

local base_def = L.tacs_def
function L.tacs_def(p, kind)
  local t = base_def(p, kind)
  if not t then return t end
  local ty = type_of(p, kind)
  local hp, set, cannons, changed = t.hp, nil, nil, false
  for _, d in ipairs(sources(p)) do
    if d.tacs_hp_bonus and d.tacs_hp_bonus[ty] then hp = hp + d.tacs_hp_bonus[ty]; changed = true end
    if d.tacs_hp_set and d.tacs_hp_set[ty] then set = d.tacs_hp_set[ty]; changed = true end
    if d.tacs_cannons_bonus and d.tacs_cannons_bonus[ty] then
      cannons = cannons or L.deep_copy(t.cannons)
      for _, c in ipairs(game.keys(d.tacs_cannons_bonus[ty])) do cannons[c] = (cannons[c] or 0) + d.tacs_cannons_bonus[ty][c] end
      changed = true
    end
  end
  if not changed then return t end
  local out = L.deep_copy(t)
  out.hp = (set or t.hp) + (hp - t.hp)
  if cannons then out.cannons = cannons end
  return out
end

local base_bonus = L.tacs_accuracy_bonus
function L.tacs_accuracy_bonus(B, p, u, cannon, e)
  local n = base_bonus(B, p, u, cannon, e)
  if u.planet then return n end
  local ty = type_of(p, u.kind)
  for _, d in ipairs(sources(p)) do
    if d.tacs_accuracy_bonus and d.tacs_accuracy_bonus[ty] then n = n + d.tacs_accuracy_bonus[ty] end
  end
  return n
end

-- Muaat (races.yaml): the slow war suns move 2 once their owner holds every
-- prerequisite of the War Sun technology.
local base_skipped = L.unit_set_skipped
function L.unit_set_skipped(p, x)
  if x.id == "muaat_slow_war_suns" and game.data.techs.war_sun then
    for _, t in ipairs(game.data.techs.war_sun.requires or {}) do
      if not game.holds(p, "techs", t) then return false end
    end
    return true
  end
  return base_skipped(p, x)
end

-- Integrated Economy (techs.yaml): in a system without a producing unit of
-- its own, the owner produces as many units as the resources of his planets
-- there (UNCERTAIN: the seed does not say how many; no ground forces without
-- a site for them, as in ti3's production step).
local base_production = L.production
function L.production(p, s)
  local n = base_production(p, s)
  if n > 0 or type(p) ~= "number" then return n end
  if not (game.data.techs.integrated_economy and game.holds(p, "techs", "integrated_economy")) then return n end
  local r = 0
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then r = r + (L.pdef(pl).resources or 0) end
  end
  return r
end

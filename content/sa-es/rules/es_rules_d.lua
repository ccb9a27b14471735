-- Shattered Ascension, Spanish rulebook (seed 001, appendix 5 "Modificaciones
-- a Shards of the Throne", "Nuevas Razas"): the Arborec.
--
--   * An Arborec ground force costs 1 resource (one per resource, not two).
--   * Instead of each ground force producing on its own (SotT Mitosis), every
--     Arborec ground force on a planet the Arborec control adds 1 to the
--     production capacity of that planet. We read "the planet's production
--     capacity" as the capacity of the system's production step: the ground
--     forces on the player's planets in the system add to it, with or
--     without a space dock there (so a planet without a dock can build with
--     its ground forces alone). UNCERTAIN: 001 does not say whether a
--     planet needs a dock; nor whether ground forces that moved in this
--     activation still count (SotT's exception) - here they all count.
--   * SotT's "your space docks cannot build ground forces" (ti3
--     race_abilities arborec_no_dock_ground_forces) is kept, as 001 keeps
--     every SotT rule it does not change: in one production step the
--     Arborec build at most as many ground forces as their ground forces add
--     to the capacity, and the new ones go on a planet holding Arborec
--     ground forces. (Our reading.) For the same reason sa-en's Mix and Match
--     (b_general.lua) may turn new Arborec ground forces into fighters but
--     not new fighters (two a resource) into ground forces.
--
-- Not done here (see the report): 001's flagship rules (all flagships take
-- 2 production capacity; Yssaril flagship's fleet and space mines/PDS; Saar
-- flagship move 2, 2 barrage dice, built anywhere). Flagships are not units
-- in play in ti3/sa-en (races.yaml `flagship:` is data only; units.yaml has
-- no flagship), so there is nothing to change yet. SotT races are also not
-- in sa-en's race pool (a_setup.lua L.sa_race_pool); the Arborec rules
-- apply whenever a game has an Arborec player (e.g. a scenario's races).
local L = game.lib
local ESD = {}
L.sa_es_d = ESD

local function copy(t)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  return o
end

function ESD.arborec(p)
  return type(p) == "number" and game.get("player", p, "faction") == "arborec"
end

local function utype(p, kind) return L.def(p, kind).type or kind end

-- Planets of p in s with p's ground forces on them, and how many there are.
function ESD.gf_planets(p, s)
  local out, n = {}, 0
  if not ESD.arborec(p) then return out, 0 end
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then
      local k = 0
      for _, u in ipairs(game.units { planet = pl, owner = p }) do
        if utype(p, u.kind) == "ground_force" then k = k + 1 end
      end
      if k > 0 then out[#out + 1] = pl; n = n + k end
    end
  end
  table.sort(out)
  return out, n
end

-- Production capacity added by the Arborec ground forces in s.
function ESD.gf_capacity(p, s)
  local _, n = ESD.gf_planets(p, s)
  return n
end

-- Arborec ground forces: 1 resource each.
local base_def = L.def
local cache = setmetatable({}, { __mode = "k" })
function L.def(p, t)
  local d = base_def(p, t)
  if not ESD.arborec(p) or (d.type or t) ~= "ground_force" then return d end
  local c = cache[d]
  if not c then
    c = copy(d)
    c.cost = 1
    c.per_cost = 1
    cache[d] = c
  end
  return c
end

-- Capacity: the ground forces add theirs (the limit of the Production
-- secondary, player prop production_limit, still caps the total).
local base_capacity = L.production
function L.production(p, s)
  local n = base_capacity(p, s)
  local g = ESD.gf_capacity(p, s)
  if g == 0 then return n end
  n = n + g
  local lim = game.get("player", p, "production_limit")
  if lim then n = math.min(n, lim) end
  return n
end

-- The production step: while it runs, p's ground forces count as producing
-- units (so a planet without a dock may receive the new ground forces), no
-- more ground forces are built than the ground forces add, and the new ones
-- go on a planet with Arborec ground forces.
local base_production = game.procedure_fn("production")
procedure("production", function(ctx)
  local p, s = ctx.player, ctx.system
  if not (p and s and ESD.arborec(p)) then return base_production(ctx) end
  local planets, g = ESD.gf_planets(p, s)
  local old_def, old_choose, old_spawn = L.def, game.choose, game.spawn
  local gf_built, place = 0, nil
  L.def = function(q, t)
    local d = old_def(q, t)
    if q == p and g > 0 and (d.type or t) == "ground_force" and not d.production then
      local c = copy(d)
      c.production = 0
      return c
    end
    return d
  end
  game.choose = function(q, prompt, opts)
    if q ~= p or prompt ~= "produce" then return old_choose(q, prompt, opts) end
    local keep = {}
    for _, o in ipairs(opts) do
      if not (L.has_unit(p, o) and utype(p, o) == "ground_force" and gf_built >= g) then keep[#keep + 1] = o end
    end
    local pick = old_choose(q, prompt, keep)
    if pick ~= "done" and L.has_unit(p, pick) and utype(p, pick) == "ground_force" then gf_built = gf_built + 1 end
    return pick
  end
  game.spawn = function(kind, owner, where)
    if owner == p and type(where) == "table" and where.planet and #planets > 0 and utype(p, kind) == "ground_force" then
      local ok = false
      for _, pl in ipairs(planets) do if pl == where.planet then ok = true end end
      if not ok then
        if not place then
          place = planets[1]
          if #planets > 1 then place = old_choose(p, "place the new ground forces on", planets) end
        end
        where = copy(where)
        where.planet = place
      end
    end
    return old_spawn(kind, owner, where)
  end
  local res = table.pack(pcall(base_production, ctx))
  L.def, game.choose, game.spawn = old_def, old_choose, old_spawn
  if not res[1] then error(res[2], 0) end
  return table.unpack(res, 2, res.n)
end)

-- Mix and Match (sa-en b_general.lua): for the Arborec only ground forces
-- into fighters, never fighters into ground forces.
local G = L.sa_general
if G and G.mix_and_match then
  local base_mix = G.mix_and_match
  G.mix_and_match = function(p, s, before)
    if not ESD.arborec(p) then return base_mix(p, s, before) end
    local fi = 0
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if not before[u.id] and utype(p, u.kind) == "fighter" then fi = fi + 1 end
    end
    local old_choose = game.choose
    game.choose = function(q, prompt, opts)
      if q ~= p or not prompt:find("^mix and match") then return old_choose(q, prompt, opts) end
      local keep = {}
      for _, o in ipairs(opts) do
        if (tonumber(o) or 0) >= fi then keep[#keep + 1] = o end
      end
      return old_choose(q, prompt, keep)
    end
    local res = table.pack(pcall(base_mix, p, s, before))
    game.choose = old_choose
    if not res[1] then error(res[2], 0) end
    return table.unpack(res, 2, res.n)
  end
end

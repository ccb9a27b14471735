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
  -- (The unit type first: a field of d, cheaper than asking the faction.)
  if (d.type or t) ~= "ground_force" or not ESD.arborec(p) then return d end
  local c = cache[d]
  if not c then
    c = copy(d)
    c.cost = 1
    c.per_cost = 1
    cache[d] = c
  end
  return c
end

-- ti3's SotT Mitosis (each ground force that has not moved producing 1,
-- L.ground_force_producers) gives way to the rule above: no Arborec ground
-- force produces through it here.
local base_gf_producers = L.ground_force_producers
function L.ground_force_producers(p, s)
  if ESD.arborec(p) then return {} end
  return base_gf_producers(p, s)
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

-- The production step (ti-common's production hooks): p's ground forces
-- count as producing units (so a planet without a dock may receive the new
-- ground forces), no more ground forces are built than the ground forces
-- add (st.es_gf_built), and the new ones go on a planet with Arborec ground
-- forces (st.es_place, asked once). The planets and their ground forces
-- are counted as the step starts (ctx.es_gf_planets, ctx.es_gf).
local function arborec_step(ctx)
  return ctx.player and ctx.system and ESD.arborec(ctx.player)
end

local base_production = game.procedure_fn("production")
procedure("production", function(ctx)
  if arborec_step(ctx) then ctx.es_gf_planets, ctx.es_gf = ESD.gf_planets(ctx.player, ctx.system) end
  return base_production(ctx)
end)

local base_site = L.produces_ground_site
function L.produces_ground_site(ctx, u)
  local p = ctx.player
  if arborec_step(ctx) and u.owner == p and (ctx.es_gf or 0) > 0 and utype(p, u.kind) == "ground_force"
    and not L.def(p, u.kind).production then
    return 0
  end
  return base_site(ctx, u)
end

local base_options = L.production_options
function L.production_options(ctx, opts, st)
  opts = base_options(ctx, opts, st)
  if not arborec_step(ctx) then return opts end
  local p, g = st.player, ctx.es_gf or 0
  local keep = {}
  for _, o in ipairs(opts) do
    if not (L.has_unit(p, o) and utype(p, o) == "ground_force" and (st.es_gf_built or 0) >= g) then keep[#keep + 1] = o end
  end
  return keep
end

local base_count = L.production_count
function L.production_count(ctx, kind, st)
  if arborec_step(ctx) and L.has_unit(st.player, kind) and utype(st.player, kind) == "ground_force" then
    st.es_gf_built = (st.es_gf_built or 0) + 1
  end
  return base_count(ctx, kind, st)
end

local base_place = L.production_place
function L.production_place(ctx, kind, where, st)
  where = base_place(ctx, kind, where, st)
  if not arborec_step(ctx) or not where.planet or utype(st.player, kind) ~= "ground_force" then return where end
  local p, planets = st.player, ctx.es_gf_planets or {}
  if #planets == 0 then return where end
  for _, pl in ipairs(planets) do if pl == where.planet then return where end end
  if not st.es_place then
    st.es_place = planets[1]
    if #planets > 1 then st.es_place = game.choose(p, { key = "ti3.place_new_ground_forces" }
, planets) end
  end
  where = copy(where)
  where.planet = st.es_place
  return where
end

-- Mix and Match (sa-en b_general.lua): for the Arborec only ground forces
-- into fighters, never fighters into ground forces.
local G = L.sa_general
if G and G.mix_and_match_choices then
  local base_mix = G.mix_and_match_choices
  function G.mix_and_match_choices(p, s, before, opts)
    opts = base_mix(p, s, before, opts)
    if not ESD.arborec(p) then return opts end
    local fi = 0
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if not before[u.id] and utype(p, u.kind) == "fighter" then fi = fi + 1 end
    end
    local keep = {}
    for _, o in ipairs(opts) do
      if (tonumber(o) or 0) >= fi then keep[#keep + 1] = o end
    end
    return keep
  end
end

-- Neutral units (the kernel's owner 0): forces of no player, used by The
-- Fracture and by galactic events. They fight whoever moves into their
-- space area or lands on their planet; they count as another player's units
-- for every effect; they take no turns, never retreat and use no abilities
-- other than their units' own (sustain damage and the like); a decision
-- that must be made for them is the speaker's (the kernel asks
-- L.neutral_decider whenever a game.choose is for owner 0). Their dice are rolled by another
-- player than the active one: the log shows them as the neutral side's.
--
-- The neutral unit reference card (booklet p.10, from a public transcription
-- of the rulebook; AsyncTI4's data has no such card): neutral ships are as
-- strong as upgraded ones (carrier 9, move 2, capacity 6; cruiser 6, move 3,
-- capacity 1; destroyer 8, anti-fighter barrage 6 x3; dreadnought 5, move 2;
-- fighter 8, move 2); war sun, infantry and PDS as the unupgraded units; the
-- neutral flagship (7 x2, move 1, capacity 3, sustain damage) and mech have no
-- unit definition here (nothing places them). L.TE_NEUTRAL_STATS lays these
-- values over the unupgraded unit of each type. Hits go to the type lowest
-- on the card first: fighters, destroyers, cruisers, carriers, dreadnoughts,
-- war suns, flagship; infantry on the ground.
local L = game.lib

--- The order in which hits go to neutral units (the first type present takes the hit): the reference card's order, lowest first (structures, which take no hits in combat, last).
L.TE_NEUTRAL_HIT_ORDER = { "fighter", "infantry", "destroyer", "cruiser", "carrier", "dreadnought", "war_sun", "flagship", "pds", "space_dock" }

--- The neutral unit reference card's values by unit type (fields of a unit definition laid over the unupgraded unit); types not listed are as unupgraded.
L.TE_NEUTRAL_STATS = {
  carrier = { combat = 9, move = 2, capacity = 6 },
  cruiser = { combat = 6, move = 3, capacity = 1 },
  destroyer = { combat = 8, move = 2, anti_fighter_barrage = { hit = 6, dice = 3 } },
  dreadnought = { combat = 5, move = 2, capacity = 1 },
  fighter = { combat = 8, move = 2 },
}

-- The replacements below act for owner 0 only: a simulated fight
-- (`imperium combat`) with no neutral unit on the board runs them as what
-- they wrap (L.plain_wrapper), and may run as a plan.
local function no_neutral_units() return game.count_units { owner = 0 } == 0 end

local neutral_defs = {}
--- The definition of a neutral unit of type t (the unupgraded unit with L.TE_NEUTRAL_STATS[t] over it).
function L.te_neutral_def(t)
  if neutral_defs[t] then return neutral_defs[t] end
  local d = game.data.units[t]
  if not d then error("no unit definition for '" .. tostring(t) .. "'") end
  local over = L.TE_NEUTRAL_STATS[t]
  if over then
    local c = {}
    for k, v in pairs(d) do c[k] = v end
    for k, v in pairs(over) do c[k] = v end
    d = c
  end
  neutral_defs[t] = d
  return d
end

local base_def = L.def
function L.def(p, t)
  if p == 0 then return L.te_neutral_def(t) end
  return base_def(p, t)
end
L.plain_wrapper(L.def, base_def, no_neutral_units)

local base_pn = L.pn
function L.pn(p)
  if p == 0 then return "neutral" end
  return base_pn(p)
end

-- Neutral units never retreat.
local base_retreat_options = L.retreat_options
function L.retreat_options(p, s)
  if p == 0 then return {} end
  return base_retreat_options(p, s)
end
L.plain_wrapper(L.retreat_options, base_retreat_options, no_neutral_units)

-- Neutral units have no fleet pool or command sheet: no limits apply to them.
local base_enforce_limits = L.enforce_limits
function L.enforce_limits(p, s, why)
  if p == 0 then return end
  return base_enforce_limits(p, s, why)
end
L.plain_wrapper(L.enforce_limits, base_enforce_limits, no_neutral_units)

-- Hits on neutral units: sustain damage while a unit can, then the reference
-- order; no choice is left (one option).
local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  local out = base_hit_options(p, units, opts, gone)
  if p ~= 0 or #out <= 1 then return out end
  local rank = {}
  for i, t in ipairs(L.TE_NEUTRAL_HIT_ORDER) do rank[t] = i end
  local best, best_key
  for _, o in ipairs(out) do
    local what, kind, id = o:match("^(%a+):([%w_]+)#(%d+)$")
    local d = L.te_neutral_def(kind)
    local key = { what == "sustain" and 0 or 1, rank[d.type or kind] or 99, tonumber(id) }
    if not best_key or key[1] < best_key[1] or (key[1] == best_key[1] and (key[2] < best_key[2]
      or (key[2] == best_key[2] and key[3] < best_key[3]))) then
      best, best_key = o, key
    end
  end
  return { best }
end
L.plain_wrapper(L.hit_options, base_hit_options, no_neutral_units)

--- Who makes a decision asked of the neutral units (owner 0): the speaker.
function L.neutral_decider(_prompt) return L.speaker() end

--- Places n neutral units of `kind` in system s (in space), or on planet `pl` when given; returns their ids.
function L.te_spawn_neutral(kind, n, s, pl)
  local ids = {}
  for _ = 1, n do
    ids[#ids + 1] = game.spawn(kind, 0, pl and { planet = pl } or { system = s })
  end
  if n > 0 then
    game.log({ key = "te.neutral_placed", n = n, unit = kind, where = pl and L.name("planets", pl) or L.sysname(s) })
  end
  return ids
end


---------------------------------------------------------------------------
-- Galactic event Dangerous Wilds: at set-up every hazardous planet gets as
-- many neutral infantry as its resource value; at the end of each round an
-- uncontrolled hazardous planet gets back the neutral infantry destroyed on
-- it that round; a player who gains a hazardous planet that nobody
-- controlled may research one technology, ignoring up to its resource value
-- in prerequisites.
---------------------------------------------------------------------------
local function wilds() return game.options.galactic_event_dangerous_wilds end

--- The hazardous planets on the board (sorted by id).
function L.te_hazardous_planets()
  local out = {}
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      if L.has_trait(pl, "hazardous") then out[#out + 1] = pl end
    end
  end
  table.sort(out)
  return out
end

local function neutral_infantry(pl)
  local n = 0
  for _, u in ipairs(game.units { planet = pl, owner = 0 }) do
    if L.te_neutral_def(u.kind).type == "infantry" then n = n + 1 end
  end
  return n
end

game.when_loaded(function()
  local base_setup = game.procedure_fn("setup")
  procedure("setup", function(args)
    local r = base_setup(args)
    if wilds() then
      for _, pl in ipairs(L.te_hazardous_planets()) do
        if not game.planet_owner(pl) then
          L.te_spawn_neutral("infantry", L.pdef(pl).resources or 0, nil, pl)
        end
      end
    end
    return r
  end)
end)

game.on("before:strategy_phase", function(ctx)
  if not wilds() then return end
  for _, pl in ipairs(L.te_hazardous_planets()) do
    game.put("planet", pl, "te_wilds_start", neutral_infantry(pl))
  end
end)

--- Dangerous Wilds at the end of a round: each uncontrolled hazardous planet gets back the neutral infantry lost on it since the round began.
function L.te_wilds_replenish()
  if not wilds() then return end
  for _, pl in ipairs(L.te_hazardous_planets()) do
    local start = game.get("planet", pl, "te_wilds_start") or 0
    local lost = start - neutral_infantry(pl)
    if not game.planet_owner(pl) and lost > 0 then
      L.te_spawn_neutral("infantry", lost, nil, pl)
    end
    game.put("planet", pl, "te_wilds_start", nil)
  end
end

-- The round ends with the agenda phase, or with the status phase when no
-- agenda phase follows.
game.on("after:status_phase", function(ctx)
  if game.get("game", nil, "custodians") then L.te_wilds_replenish() end
end)
game.on("after:agenda_phase", function(ctx) L.te_wilds_replenish() end)

--- The technologies p may research ignoring up to n prerequisites (their own technologies cover the rest), sorted.
function L.te_research_ignoring(p, n)
  local have = L.tech_colors(p)
  local out = {}
  for _, id in ipairs(game.keys(game.data.techs)) do
    local d = game.data.techs[id]
    if not game.holds(p, "techs", id) and not (d.faction and d.faction ~= game.get("player", p, "faction")) then
      local missing = 0
      for _, c in ipairs(game.keys(d.requires or {})) do
        missing = missing + math.max(0, d.requires[c] - (have[c] or 0))
      end
      if missing <= n then out[#out + 1] = id end
    end
  end
  return out
end

game.on("planet_gained", function(ctx)
  if not wilds() or ctx.from or not L.has_trait(ctx.planet, "hazardous") then return end
  local p = ctx.player
  local n = L.pdef(ctx.planet).resources or 0
  local opts = { "none" }
  for _, id in ipairs(L.te_research_ignoring(p, n)) do opts[#opts + 1] = id end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "te.wilds_research", planet = L.name("planets", ctx.planet), n = n }, opts)
  if pick == "none" then return end
  game.grant(p, "techs", pick)
  L.reset_cache()
  game.log({ key = "researches", p = L.pn(p), tech = L.name("techs", pick) })
  game.window("tech_gained", { player = p, tech = pick })
end)

---------------------------------------------------------------------------
-- Placing neutral units by card (Pirate Contract, Pirate Fleet, Mercenary
-- Contract).
---------------------------------------------------------------------------
-- Home systems also include the home tile of any faction in the pack's
-- data (the new factions' tiles are not marked as homes in systems.yaml).
local base_is_home_system = L.is_home_system
function L.is_home_system(s)
  if base_is_home_system(s) then return true end
  local tile = game.tile_of(s)
  for _, f in ipairs(game.keys(game.data.factions)) do
    if game.data.factions[f].home_system == tile then return true end
  end
  return false
end

--- The systems (hexes, sorted) where neutral ships may be placed by a card: on the board, not a home system, no ships but neutral ones.
function L.te_pirate_systems()
  local out = {}
  for s = 1, game.num_systems() do
    local hex = game.system(s).hex
    if hex and not L.is_home_system(s) then
      local other = false
      for _, u in ipairs(game.units { system = s, not_owner = 0, space = true }) do
        if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then other = true end
      end
      if not other then out[#out + 1] = hex end
    end
  end
  table.sort(out)
  return out
end

--- p places neutral ships (`kinds`: list of {kind, n}) in a system of their choice (L.te_pirate_systems); returns the system.
function L.te_place_pirates(p, kinds)
  local opts = L.te_pirate_systems()
  if #opts == 0 then return nil end
  local s = game.system_at(game.choose(p, { key = "te.pirate_system" }, opts))
  for _, k in ipairs(kinds) do L.te_spawn_neutral(k[1], k[2], s) end
  return s
end

--- The planets (sorted) where p may place mercenaries: on the board, not in a home system, no units, not p's.
function L.te_mercenary_planets(p)
  local out = {}
  for s = 1, game.num_systems() do
    if game.system(s).hex and not L.is_home_system(s) then
      for _, pl in ipairs(game.planets_of(s)) do
        if game.count_units { planet = pl } == 0 and game.planet_owner(pl) ~= p and L.may_commit_to(p, pl, {}) then
          out[#out + 1] = pl
        end
      end
    end
  end
  table.sort(out)
  return out
end

--- Player q loses planet pl to nobody: its card goes back to the planet deck (with its legendary card, and Styx's point).
function L.te_planet_released(q, pl)
  game.set_owner(pl, nil)
  game.exhaust(pl, false)
  game.log({ key = "te.planet_returned", p = L.pn(q), planet = L.name("planets", pl) })
  local legend = L.te_legend_of(pl)
  if legend and game.holds(q, "legendary_abilities", legend) then
    game.revoke(q, "legendary_abilities", legend)
    if legend == "song_like_marrow" then
      game.add(q, "vp", -1)
      game.log({ key = "te.loses_vp", p = L.pn(q), n = 1, card = L.name("legendary_abilities", legend), vp = game.counter(q, "vp") })
    end
  end
end

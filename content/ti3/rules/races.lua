-- Race abilities, racial technologies and the technologies whose effects are
-- not plain numbers: the hooks they need in the shared rules.
--
-- Data: race_abilities.yaml, racial_techs.yaml, techs.yaml (fields described in
-- their headers). Handlers that fit a window live in effects/races/ and
-- effects/techs/; this file holds what has to change a helper or a step:
--   * setup: every ability of the player's race is granted (setup_player),
--     with its starting command counters;
--   * L.flag also reads race abilities and racial technologies;
--   * L.def applies unit changes of abilities and racial technologies;
--   * Saar floating docks (setup in space, fighter capacity, moving docks,
--     production of docks that moved) and Nano Technology's immunity to
--     action cards (L.ac_immune, for the card scripts);
--   * capacity and fleet supply (Stasis Capsules, Dreadnought Invasion Pod,
--     Advanced Fighters, Hybrid Crystal Drives);
--   * movement rules (asteroid fields, supernova, ion storm, Advanced Fighters)
--     and the Spatial Conduit Network link (L.movers);
--   * PDS fire (Maneuvering Jets, Graviton Laser System, Magen Defense Grid)
--     and the `dice_rolled` window after non-combat dice (L.dice_rolled);
--   * bombardment shields and fighters in invasion combat (Graviton Negator);
--   * votes, trade income, planet values (Winnu, Nekro, Hacan, Micro
--     Technology, Yin);
--   * strategy card secondaries, action options, initiative order and gifted
--     technologies (Xxcha, Jol-Nar, Winnu, Hacan, Yssaril, Naalu, Nekro);
--   * temporary production limits used by the Production strategy card.
--
-- Rules files load in the order pack.yaml lists them: game.lua and
-- politics.lua (and ti-common) before this file, round.lua and tech.lua after
-- it. Helpers and procedures that files loaded later (and child packs) define
-- are wrapped once every pack has loaded (`install`, game.when_loaded).
-- Every wrapper hands over to the original when nobody has the effect, so a
-- game without these races and technologies runs the original code.
local L = game.lib

local MINE = { "race_abilities", "racial_techs" }

-- Definitions p holds in the collections that may carry race effects.
local function held(p, colls)
  local out = {}
  if type(p) ~= "number" then return out end
  for _, coll in ipairs(colls or MINE) do
    local data = game.data[coll]
    if data then
      for _, id in ipairs(game.holdings(p, coll)) do
        if data[id] then out[#out + 1] = data[id] end
      end
    end
  end
  return out
end
L.race_effects = held

-- ---------------------------------------------------------------- Saar docks
-- Floating docks (flag `floating_docks`, the Saar): the player's space docks
-- sit in the space area of a system, not on a planet; they move like ships
-- (move from unit_set / unit_add), yet are no ships (no fleet supply, no
-- space battle, never hit). They shelter their fighter capacity in their
-- system, cannot produce in an activation they moved in (unit prop
-- `dock_moved`, races.lua's L.production), and are destroyed when they share
-- a system with another player's ships and none of their owner's (the
-- ability's script, effects/races/saar_nomadic_docks.lua). Production at
-- them and new docks: tactical3.lua.
function L.floating_docks(p)
  return type(p) == "number" and L.flag(p, "floating_docks") > 0
end

-- A unit record (game.units) that is a space dock in a space area.
function L.is_floating_dock(u)
  return u.planet == nil and u.carried == nil and u.system ~= nil
    and (L.def(u.owner, u.kind).type or u.kind) == "space_dock"
end

-- Where a new space dock of p meant for `planet` goes: that planet, or the
-- space area of its system for a player with floating docks. (For cards
-- that place docks: the Subsidized Industry political card could use it.)
function L.dock_spot(p, planet)
  if L.floating_docks(p) then return { system = game.planet_system(planet) } end
  return { planet = planet }
end

local function contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

local copy = L.deep_copy

local function anomaly(s)
  return (game.data.systems[game.tile_of(s)] or {}).anomaly
end

-- ---------------------------------------------------------------- flags
-- L.flag sums `flags:` of techs (and ti4's abilities/factions); race
-- abilities and racial technologies count too. The Production strategy card
-- lends extra resources to one production through `production_discount`.
--
-- The race abilities and racial technologies that carry flag `name` are
-- listed once per name, at the first question about it (the data do not
-- change while the game runs, as ti-common's index of flags assumes):
-- race_flag_index(name)[coll][id] = the value it adds (true counts 1), or
-- false when none carries it. For those flags p's holdings of only the
-- collections concerned are read; for the many flags none carries, none.
local race_flag_known = {}
local function race_flag_index(name)
  local idx = race_flag_known[name]
  if idx ~= nil then return idx end
  idx = false
  for _, coll in ipairs(MINE) do
    for id, d in pairs(game.data[coll] or {}) do
      local x = d.flags and d.flags[name]
      if x == true then x = 1 end
      if type(x) == "number" then
        idx = idx or {}
        idx[coll] = idx[coll] or {}
        idx[coll][id] = x
      end
    end
  end
  race_flag_known[name] = idx
  return idx
end

local base_flag = L.flag
function L.flag(p, name)
  local n = base_flag(p, name)
  local idx = type(p) == "number" and race_flag_index(name)
  if idx then
    -- (In the order of held(p): collection, then holdings.)
    for _, coll in ipairs(MINE) do
      local values = idx[coll]
      if values then
        for _, id in ipairs(game.holdings(p, coll)) do
          local v = values[id]
          if v then n = n + v end
        end
      end
    end
  end
  if name == "production_discount" and type(p) == "number" then
    n = n + (game.get("player", p, "extra_production_resources") or 0)
  end
  return n
end

-- Mirror Computing (flag `trade_goods_count_double`, Mentak): each trade good
-- spent as resources or influence counts 2 (ti-common's L.spendable and
-- L.pay, and the objectives' own split of a mixed cost, ask
-- L.trade_good_worth). Trade goods paid as trade goods (a cost in trade
-- goods, the Letnev bonus, bribes) stay one each, and votes take no trade
-- goods in TI3 anyway.
local base_trade_good_worth = L.trade_good_worth
function L.trade_good_worth(p)
  local w = base_trade_good_worth(p)
  if type(p) == "number" and L.flag(p, "trade_goods_count_double") > 0 then w = 2 * w end
  return w
end

-- Nano Technology (flag ac_immune_capital_ships): opponents' action cards
-- cannot target the player's dreadnoughts and war suns. The action card
-- scripts that pick another player's unit ask L.ac_immune(owner, kind, by),
-- `by` being the player of the card.
function L.ac_immune(owner, kind, by)
  if type(owner) ~= "number" or owner == by then return false end
  local t = L.def(owner, kind).type or kind
  return (t == "dreadnought" or t == "war_sun") and L.flag(owner, "ac_immune_capital_ships") > 0
end

-- ---------------------------------------------------------------- units
-- Unit changes from abilities and racial technologies: `unit_set` (skipped
-- while the player owns `unit_set_unless_tech`), then `unit_add`, then
-- `ground_capacity` (extra capacity for ground forces only). Technologies
-- (tech.lua, loaded after this file) apply on top of the result.
-- hook: whether the `unit_set` of x (a race ability or racial technology p holds) is skipped for p now; default: while p owns x.unit_set_unless_tech.
function L.unit_set_skipped(p, x)
  return x.unit_set_unless_tech ~= nil and game.holds(p, "techs", x.unit_set_unless_tech)
end

local base_def = L.def
local dcache = {}
local base_reset = L.reset_cache
function L.reset_cache()
  dcache = {}
  base_reset()
end

-- hook: the definition of p's unit type t for now, given d (its definition with p's race effects, before technologies); default: d. (action_card_seams.lua adds the fields cards grant for a round; the caches are reset when they change.)
function L.unit_def_this_round(p, t, d) return d end

function L.def(p, t)
  local c = dcache[p]
  if c and c[t] then return c[t] end
  local d = base_def(p, t)
  local mods = held(p)
  if #mods > 0 then
    local ty = d.type or t
    local changed
    local function ch()
      if not changed then changed = copy(d) end
      return changed
    end
    for _, x in ipairs(mods) do
      local set = x.unit_set and x.unit_set[ty]
      if set and not L.unit_set_skipped(p, x) then
        for _, k in ipairs(game.keys(set)) do ch()[k] = set[k] end
      end
    end
    for _, x in ipairs(mods) do
      local add = x.unit_add and x.unit_add[ty]
      if add then
        for _, k in ipairs(game.keys(add)) do ch()[k] = (ch()[k] or 0) + add[k] end
      end
      local gc = x.ground_capacity and x.ground_capacity[ty]
      if gc then ch().capacity = (ch().capacity or 0) + gc end
    end
    d = changed or d
  end
  d = L.unit_def_this_round(p, t, d)
  if type(p) == "number" then
    dcache[p] = dcache[p] or {}
    dcache[p][t] = d
  end
  return d
end

-- ---------------------------------------------------------------- setup
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  base_setup_player(p)
  local race = game.data.races[game.get("player", p, "faction")]
  for _, a in ipairs(race and race.abilities or {}) do
    local d = game.data.race_abilities and game.data.race_abilities[a.id]
    if d then
      game.grant(p, "race_abilities", a.id)
      for _, pool in ipairs(game.keys(d.start_counters or {})) do
        game.add(p, pool, d.start_counters[pool])
      end
    end
  end
  L.reset_cache()
  -- Floating docks start in the space area of the system they were set on.
  if L.floating_docks(p) then
    for _, u in ipairs(game.units { owner = p }) do
      if u.planet and (L.def(p, u.kind).type or u.kind) == "space_dock" then
        game.move_unit(u.id, { system = u.system })
      end
    end
  end
end)

-- ---------------------------------------------------------------- capacity
-- Capacity that only ground forces may use (Stasis Capsules: a tech with
-- `capacity_ground_only`, whose capacity_bonus tech.lua adds; racial
-- `ground_capacity`), per ship type: {ship type = n}, from one reading of
-- p's holdings for all the types (and all the ships of a system) rather than
-- one per type asked.
local function ground_only_by_type(p)
  local out = {}
  for _, id in ipairs(game.holdings(p, "techs")) do
    local t = game.data.techs[id]
    if t and t.capacity_ground_only and t.capacity_bonus then
      for ty, n in pairs(t.capacity_bonus) do out[ty] = (out[ty] or 0) + n end
    end
  end
  for _, x in ipairs(held(p)) do
    if x.ground_capacity then
      for ty, n in pairs(x.ground_capacity) do out[ty] = (out[ty] or 0) + n end
    end
  end
  return out
end

local function special_capacity(p)
  if type(p) ~= "number" then return false end
  if L.flag(p, "advanced_fighters") > 0 or L.flag(p, "half_carriers") > 0 then return true end
  -- Floating docks give fighter-only capacity in the space area.
  if L.floating_docks(p) then return true end
  local go = ground_only_by_type(p)
  for _, ty in ipairs({ "cruiser", "dreadnought", "carrier", "war_sun", "destroyer" }) do
    if (go[ty] or 0) > 0 then return true end
  end
  return false
end

-- The cargo picture of p in s: general capacity, ground-only, fighter-only
-- (docks), and fighters / ground units / other cargo (PDS) in space.
local function cargo(p, s)
  local r = { gen = 0, go = 0, fo = 0, f = 0, g = 0, o = 0, carriers = 0, fleet = 0 }
  local ground_only = ground_only_by_type(p)
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if u.carried == nil and d.class == "ship" then
      local go = ground_only[d.type or u.kind] or 0
      r.go = r.go + go
      r.gen = r.gen + (d.capacity or 0) - go
      if d.fleet then
        r.fleet = r.fleet + 1
        if (d.type or u.kind) == "carrier" then r.carriers = r.carriers + 1 end
      end
    end
    -- A floating dock (in the space area) shelters fighters like one on a planet.
    if u.carried == nil and d.class ~= "ship" and d.fighter_capacity then r.fo = r.fo + d.fighter_capacity end
    if d.transported then
      if (d.type or u.kind) == "fighter" then r.f = r.f + 1
      elseif d.class == "ground" then r.g = r.g + 1
      else r.o = r.o + 1 end
    end
  end
  for _, pl in ipairs(game.planets_of(s)) do
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      local d = L.def(p, u.kind)
      if d.fighter_capacity then r.fo = r.fo + d.fighter_capacity end
    end
  end
  -- Ground units and PDS must be carried; fighters use what is left.
  local g_over = math.max(0, r.g - r.go)
  r.fighter_room = r.fo + math.max(0, r.gen - g_over - r.o)
  r.excess_fighters = math.max(0, r.f - r.fighter_room)
  return r
end

local base_capacity = L.capacity
function L.capacity(p, s)
  if not special_capacity(p) then return base_capacity(p, s) end
  local r = cargo(p, s)
  if L.flag(p, "advanced_fighters") > 0 then
    -- Fighters need no support (those beyond it count as fleet ships instead).
    return r.gen + math.min(r.g, r.go), r.g + r.o
  end
  return r.gen + math.min(r.f, r.fo) + math.min(r.g, r.go), r.f + r.g + r.o
end

local base_count_fleet = L.count_fleet
function L.count_fleet(p, s)
  if not special_capacity(p) then return base_count_fleet(p, s) end
  local r = cargo(p, s)
  local extra = (L.flag(p, "advanced_fighters") > 0) and r.excess_fighters or 0
  if L.flag(p, "half_carriers") > 0 then
    -- Hybrid Crystal Drives: carriers and unsupported fighters count half (rounded up).
    return (r.fleet - r.carriers) + math.ceil((r.carriers + extra) / 2)
  end
  return r.fleet + extra
end

-- With these effects the limits are checked again after each removal (a
-- removed carrier may leave fighters over the limit).
local base_enforce = L.enforce_limits
function L.enforce_limits(p, s, why)
  if not special_capacity(p) then return base_enforce(p, s, why) end
  local af = L.flag(p, "advanced_fighters") > 0
  for _ = 1, 200 do
    local opts = {}
    local label, over_pool
    if L.count_fleet(p, s) > L.fleet_limit_in(p, s) then
      label = "remove_over_fleet_pool"
      local r = cargo(p, s)
      for _, u in ipairs(L.ships(p, s)) do
        local d = L.def(p, u.kind)
        if d.fleet or (af and r.excess_fighters > 0 and (d.type or u.kind) == "fighter") then opts[#opts + 1] = u.kind .. "#" .. u.id end
      end
    else
      local cap, used = L.capacity(p, s)
      if used > cap then
        label = "remove_over_capacity"
        for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
          local d = L.def(p, u.kind)
          if d.transported and not (af and (d.type or u.kind) == "fighter") then opts[#opts + 1] = u.kind .. "#" .. u.id end
        end
      end
    end
    if #opts == 0 then return end
    local pick = game.choose(p, { key = label }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = label == "remove_over_fleet_pool" and "removes_over_fleet_pool" or "removes_over_capacity", p = L.pn(p), unit = pick, system = L.sysname(s) })
  end
end

-- ---------------------------------------------------------------- movement
-- Chaos-Mapping (flag `chaos_mapping`, Saar): the player may activate an
-- asteroid field and move his ships into it (L.move_rules below); it opens
-- no other way through asteroid fields, for which Antimass Deflectors is
-- still needed (our reading: the card speaks only of activating them).
-- There his fleet supply limit is 3, whatever his fleet supply and whatever
-- would change it (L.fleet_limit_in, wrapped once every pack has loaded so
-- that it sits above the cards that change the limit).
function L.chaos_mapping(p)
  return type(p) == "number" and L.flag(p, "chaos_mapping") > 0
end
local CHAOS_MAPPING_FLEET_LIMIT = 3

-- Nova Seed (effects/techs/nova_seed.lua): the system a supernova tile
-- replaced stays in the game off the board (system prop nova_seeded, no
-- hex); nobody may activate it.
local base_activation_barred = L.activation_barred
function L.activation_barred(p, s)
  if game.get("system", s, "nova_seeded") then return true end
  return base_activation_barred(p, s)
end

-- TI3: other players' fighters alone do not stop a ship passing through
-- their system; only those of a player with Advanced Fighters do (its text:
-- enemy ships may not move through a system his fighters occupy; the
-- Shattered Ascension rulebook names fighters blocking movement as one of its
-- changes to TI3).
-- hook: whether player q's fighters keep other players' ships from moving through their system; default (TI3): only when q has Advanced Fighters (flag advanced_fighters).
function L.fighters_block_movement(q)
  return L.flag(q, "advanced_fighters") > 0
end

function L.movement_blocking_systems(p)
  local out = {}
  for _, u in ipairs(game.units { not_owner = p, space = true }) do
    if u.carried == nil and u.system and not out[u.system] then
      local d = L.def(u.owner, u.kind)
      if d.class == "ship" and ((d.type or u.kind) ~= "fighter" or L.fighters_block_movement(u.owner)) then
        out[u.system] = true
      end
    end
  end
  return out
end

-- TI3 asteroid fields: nobody ends a move in one (Antimass Deflectors only
-- lets ships pass through; without it ti-common's anomaly rule keeps ships
-- out). Muaat ships pass through supernovas, Maneuvering Jets through ion
-- storms (neither may stop there). Light/Wave Deflector does not pass a
-- system holding fighters of a player with Advanced Fighters.
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  local nova = L.flag(p, "supernova_transit") > 0
  local ion = L.flag(p, "ion_storm_transit") > 0
  local blocked, has_target = {}, false
  for _, s in ipairs(r.blocked) do
    local a = anomaly(s)
    local keep = true
    if s ~= target and ((a == "supernova" and nova) or (a == "ion_storm" and ion)) then keep = false end
    if keep then
      blocked[#blocked + 1] = s
      if s == target then has_target = true end
    end
  end
  if anomaly(target) == "asteroid_field" and not has_target then blocked[#blocked + 1] = target end
  if anomaly(target) == "asteroid_field" and L.chaos_mapping(p) then
    -- Chaos-Mapping: the activated asteroid field may be entered (only as the
    -- end of the move; passing through others still needs Antimass Deflectors).
    for i = #blocked, 1, -1 do if blocked[i] == target then table.remove(blocked, i) end end
  end
  r.blocked = blocked
  if L.flag(p, "move_through_ships") > 0 then
    for s = 1, game.num_systems() do
      if s ~= target then
        for _, u in ipairs(L.other_ships(p, s)) do
          if L.def(u.owner, u.kind).type == "fighter" and L.flag(u.owner, "advanced_fighters") > 0 then
            r.stop[#r.stop + 1] = s
            break
          end
        end
      end
    end
  end
  return r
end

-- Spatial Conduit Network: a link chosen for this movement (player prop
-- `conduit` = {a, b}, set by the racial technology's script) counts as one
-- step from a to b for every ship of the player.
--
-- Floating docks (Saar) with a move value move like ships: they reach the
-- target by the same paths, out of systems without the player's command
-- counter. They carry nothing (capacity 0; UNCERTAIN: the TI3 sources do not
-- say whether fighters may travel with them).
local function floating_movers(p, target, rules, out)
  if not L.floating_docks(p) then return out end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if L.is_floating_dock(u) and u.system ~= target and not game.has_token(u.system, "command", p) then
      local d = L.def(p, u.kind)
      if (d.move or 0) > 0 then
        local cost = game.move_cost(u.system, target, rules)
        if cost and cost <= L.move_value(p, u, u.system) then out[#out + 1] = { unit = u, cost = cost } end
      end
    end
  end
  return out
end

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = floating_movers(p, target, rules, base_movers(p, target, rules))
  local link = type(p) == "number" and game.get("player", p, "conduit")
  if not link then return out end
  local seen = {}
  for _, m in ipairs(out) do seen[m.unit.id] = true end
  local cb = (link.b == target) and 0 or game.move_cost(link.b, target, rules)
  if not cb then return out end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and not seen[u.id] and u.system ~= target and not game.has_token(u.system, "command", p) then
      local d = L.def(p, u.kind)
      if d.class == "ship" and (d.move or 0) > 0 then
        local ca = (u.system == link.a) and 0 or game.move_cost(u.system, link.a, rules)
        if ca and ca + 1 + cb <= L.move_value(p, u, u.system) then
          out[#out + 1] = { unit = u, cost = ca + 1 + cb }
        end
      end
    end
  end
  return out
end

-- ---------------------------------------------------------------- Naalu
-- Early retreat (race ability naalu_early_retreat, effects/races/
-- naalu_early_retreat.lua): the Naalu withdraw before the space battle step
-- begins, so before anything the players hold does as the battle begins (the
-- Mentak ambush, a pre-battle action card): the ability is run here, by a
-- rule ahead of the held definitions of before:space_combat, rather than
-- from its own window. A retreat cancels the step; nothing else then runs.
game.on("before:space_combat", function(ctx)
  if ctx.cancel then return end
  local def = game.data.race_abilities and game.data.race_abilities.naalu_early_retreat
  local h = def and def.handler
  if type(h) ~= "table" or not h.run then return end
  for _, p in ipairs(L.order_from(ctx.player or 1)) do
    if game.holds(p, "race_abilities", def.id) and (not h.when or h.when(ctx, p)) then
      h.run(ctx, p, def)
      if ctx.cancel then return end
    end
  end
end, { plain = function(board)
  -- (A fight in which neither side holds the ability.)
  for _, p in ipairs({ board.attacker or 1, board.defender or 2 }) do
    if game.holds(p, "race_abilities", "naalu_early_retreat") then return false end
  end
  return true
end })

-- ---------------------------------------------------------------- Creuss
-- Wormhole denial (flag `wormhole_denial`): another player's ships may not
-- take an alpha or beta wormhole as the last step into a system in which the
-- Creuss player controls a planet (our reading of "a system you control", as
-- for the other effects that speak of one). Paths that only pass through
-- wormholes earlier stay open.
-- Wormhole link (flag `wormhole_link`): for the Creuss player every alpha
-- wormhole system is adjacent to every beta wormhole system (one such step
-- per path is considered).
local NO_AB = { "wormhole:alpha", "wormhole:beta" }

local function wormholes_of(s)
  if L.optb and L.optb.wormholes then return L.optb.wormholes(s) end
  local d = game.data.systems[game.tile_of(s)]
  return (d and d.wormholes) or {}
end

local function listed(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-- hook: whether p may not enter system t over an alpha or beta wormhole (another player's Creuss wormhole denial there); default: a player other than p with flag wormhole_denial controls a planet in t.
function L.wormhole_entry_denied(p, t)
  for q = 1, game.num_players() do
    if q ~= p and L.flag(q, "wormhole_denial") > 0 and L.controls_planet_in(q, t) then return true end
  end
  return false
end

-- The least movement from `from` to `target` whose last step is no alpha or
-- beta wormhole (rules: L.move_rules), or nil.
local function cost_without_wormhole_entry(from, target, rules)
  local best
  for _, n in ipairs(game.adjacent(target, "move")) do
    local step = game.move_cost(n, target, { blocked = rules.blocked, stop = rules.stop, no_kinds = NO_AB })
    if step == 1 and (n == from or not (listed(rules.blocked, n) or listed(rules.stop, n))) then
      local c = (n == from) and 0 or game.move_cost(from, n, rules)
      if c and (not best or c + 1 < best) then best = c + 1 end
    end
  end
  return best
end

-- The least movement from `from` to `target` for a player with the wormhole
-- link, through one alpha-beta step, or nil.
local function cost_through_link(from, target, rules)
  local alpha, beta = {}, {}
  for s = 1, game.num_systems() do
    if game.system(s).hex then
      local ws = wormholes_of(s)
      if listed(ws, "alpha") then alpha[#alpha + 1] = s end
      if listed(ws, "beta") then beta[#beta + 1] = s end
    end
  end
  local function open(s, endpoint)
    return s == endpoint or not (listed(rules.blocked, s) or listed(rules.stop, s))
  end
  local best
  for _, pair in ipairs({ { alpha, beta }, { beta, alpha } }) do
    for _, a in ipairs(pair[1]) do
      if open(a, from) then
        local ca = (a == from) and 0 or game.move_cost(from, a, rules)
        if ca then
          for _, b in ipairs(pair[2]) do
            if b ~= a and (b == target or open(b, nil)) then
              local cb = (b == target) and 0 or game.move_cost(b, target, rules)
              if cb and (not best or ca + 1 + cb < best) then best = ca + 1 + cb end
            end
          end
        end
      end
    end
  end
  return best
end

-- Wormhole mastery (flag `wormhole_mastery`): nothing stops the player from
-- using wormholes, so the border tokens laws and directives put between
-- wormhole systems (Closing the Wormholes, Wormhole Research; effects/political/
-- wormholes.lua) do not hold his ships back: systems sharing a wormhole (and,
-- with the wormhole link, any alpha and beta systems) stay adjacent for him.
-- Tactical movement only, like the link.
local function cost_with_mastery(from, target, rules, link)
  local kinds, on_board = {}, {}
  for s = 1, game.num_systems() do
    if game.system(s).hex then
      on_board[#on_board + 1] = s
      kinds[s] = wormholes_of(s)
    end
  end
  local function shares(a, b)
    for _, x in ipairs(kinds[a] or {}) do
      if listed(kinds[b], x) then return true end
      if link and ((x == "alpha" and listed(kinds[b], "beta")) or (x == "beta" and listed(kinds[b], "alpha"))) then return true end
    end
    return false
  end
  local dist, queue, head = { [from] = 0 }, { from }, 1
  while head <= #queue do
    local s = queue[head]
    head = head + 1
    if s == target then return dist[s] end
    if s == from or not (listed(rules.blocked, s) or listed(rules.stop, s)) then
      local next = game.adjacent(s, "move")
      if #(kinds[s] or {}) > 0 then
        for _, t in ipairs(on_board) do
          if t ~= s and shares(s, t) then next[#next + 1] = t end
        end
      end
      for _, t in ipairs(next) do
        if dist[t] == nil and (t == target or not listed(rules.blocked, t)) then
          dist[t] = dist[s] + 1
          queue[#queue + 1] = t
        end
      end
    end
  end
  return nil
end

local creuss_base_movers = L.movers
function L.movers(p, target, rules)
  local out = creuss_base_movers(p, target, rules)
  if type(p) ~= "number" or listed(rules.blocked, target) then return out end
  if L.flag(p, "wormhole_mastery") > 0 then
    local seen = {}
    for _, m in ipairs(out) do seen[m.unit.id] = m end
    local link = L.flag(p, "wormhole_link") > 0
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
        local d = L.def(p, u.kind)
        if d.class == "ship" and (d.move or 0) > 0 then
          local c = cost_with_mastery(u.system, target, rules, link)
          local m = seen[u.id]
          if c and c <= L.move_value(p, u, u.system) then
            if not m then
              m = { unit = u, cost = c }
              out[#out + 1] = m
              seen[u.id] = m
            elseif c < m.cost and not m.rift_extra then
              m.cost = c
            end
          end
        end
      end
    end
  end
  if L.flag(p, "wormhole_link") > 0 then
    local seen = {}
    for _, m in ipairs(out) do seen[m.unit.id] = m end
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
        local d = L.def(p, u.kind)
        if d.class == "ship" and (d.move or 0) > 0 then
          local c = cost_through_link(u.system, target, rules)
          local m = seen[u.id]
          if c and c <= L.move_value(p, u, u.system) then
            if not m then
              out[#out + 1] = { unit = u, cost = c }
            elseif c < m.cost and not m.rift_extra then
              m.cost = c
            end
          end
        end
      end
    end
  end
  if L.wormhole_entry_denied(p, target) then
    local keep = {}
    for _, m in ipairs(out) do
      local c = cost_without_wormhole_entry(m.unit.system, target, rules)
      local mv = L.move_value(p, m.unit, m.unit.system)
      if m.rift_extra then mv = mv + L.rift_extra_move(p, m.unit) end
      if c and c <= mv then
        if c > m.cost then m.cost = c end
        keep[#keep + 1] = m
      end
    end
    out = keep
  end
  return out
end

-- ---------------------------------------------------------------- PDS fire
-- Magen Defense Grid (`space_cannon_bonus`), Graviton Laser System
-- (`pds_reroll`: each miss rolled once more) and Maneuvering Jets on the
-- target (`enemy_pds_penalty`, `enemy_pds_penalty_adjacent`: PDS fire at its
-- ships from the same / an adjacent system). The system being fired into is
-- remembered while space cannon offense runs.
local firing_into
local base_sco = game.procedure_fn("space_cannon_offense")
procedure("space_cannon_offense", function(ctx)
  local prev = firing_into
  firing_into = ctx.system
  local ok, err = pcall(base_sco, ctx)
  firing_into = prev
  if not ok then error(err, 0) end
end)

-- Dice other than combat rolls (space cannon, bombardment, anti-fighter
-- barrage) open the window `dice_rolled` once the roller's dice of one volley
-- are rolled, before the hits are assigned, so that effects may reroll them
-- (Jol-Nar). ctx: player (the roller), ability (space_cannon | bombardment |
-- anti_fighter_barrage), label, groups ({kind, rolls, target, hits}, one per
-- unit, like combat_rolled), hits (the total, which handlers may change), and
-- what the caller adds (system, planet, target player). Returns the hits.
function L.dice_rolled(p, ability, label, groups, hits, extra)
  local ctx = { player = p, active = game.get("game", nil, "active"), ability = ability, label = label, groups = groups, hits = hits }
  for _, k in ipairs(game.keys(extra or {})) do ctx[k] = extra[k] end
  local w = game.window("dice_rolled", ctx)
  return w.hits or hits
end

-- One volley of space cannon fire, replacing ti-common's (same window
-- space_cannon_volley, same L.combat_state.last_volley, same extra die and penalty), with
-- the TI3 modifiers, the Graviton Laser System reroll and the dice_rolled
-- window. A die the Graviton Laser System rerolled shows its new result in
-- the groups and may be rerolled again by another effect (UNCERTAIN: we know
-- of no TI3 rule that limits a die to one reroll).
function L.fire_cannons(q, list, target_player, label)
  local w = game.window("space_cannon_volley", { player = q, target = target_player, label = label, active = game.get("game", nil, "active") })
  L.combat_state.last_volley = { prefer_non_fighters = w.prefer_non_fighters, source = q }
  local bonus = L.flag(q, "space_cannon_bonus")
  local reroll = L.flag(q, "pds_reroll") > 0
  local at_ships = label == "space cannon"
  local jets_same = at_ships and L.flag(target_player, "enemy_pds_penalty") or 0
  local jets_adj = at_ships and L.flag(target_player, "enemy_pds_penalty_adjacent") or 0
  local total = 0
  local groups = {}
  -- An extra die (e.g. from a technology) is added once per volley, to the first unit.
  local extra = L.extra_dice(q, "space_cannon")
  local mod = L.flag(target_player, "space_cannon_penalty")
  for _, x in ipairs(list) do
    local jets = (firing_into and x.unit.system ~= firing_into) and jets_adj or jets_same
    local need = x.sc.hit + mod + jets - bonus
    local dice = (x.sc.dice or 1) + extra
    extra = 0
    local hits, rolls = game.roll({ key = "roll_unit", p = L.pn(q), label = label, unit = x.unit.kind }, dice, need)
    rolls = rolls or {}
    if reroll and hits < dice then
      local more, again = game.roll({ key = "ti3.roll_unit_reroll", p = L.pn(q), label = label, unit = x.unit.kind, tech = L.name("techs", "graviton_laser_system") }, dice - hits, need)
      hits = hits + more
      local j = 1
      for i, r in ipairs(rolls) do
        if r < need and again and again[j] then rolls[i] = again[j]; j = j + 1 end
      end
    end
    total = total + hits
    groups[#groups + 1] = { kind = x.unit.kind, rolls = rolls, target = need, hits = hits }
  end
  return L.dice_rolled(q, "space_cannon", label, groups, total, { system = firing_into, target = target_player })
end

-- ---------------------------------------------------------------- invasion
-- Graviton Negator: bombardment ignores planetary shields (dreadnoughts may
-- bombard planets with PDS; war suns already could).
local base_shielded = L.shielded
function L.shielded(pl, attacker)
  if L.flag(attacker, "bombard_through_shields") > 0 then return false end
  return base_shielded(pl, attacker)
end

-- Graviton Negator: fighters committed to an invasion combat (planet prop
-- `gn_fighters` = their owner, set by the tech's script) fight as ground units
-- there until the combat ends.
local base_ground = L.ground
function L.ground(p, planet)
  local out = base_ground(p, planet)
  if game.get("planet", planet, "gn_fighters") == p then
    for _, u in ipairs(game.units { planet = planet, owner = p }) do
      if L.def(p, u.kind).type == "fighter" then out[#out + 1] = u end
    end
  end
  return out
end

-- ---------------------------------------------------------------- votes
-- Nekro cannot vote; the Winnu home planet's influence always counts.
local base_votes = L.votes
function L.votes(p)
  if L.flag(p, "no_votes") > 0 then return 0 end
  local v = base_votes(p)
  if L.flag(p, "home_influence_votes") > 0 and L.home(p) then
    for _, pl in ipairs(game.planets_of(L.home(p))) do
      if game.planet_owner(pl) == p and game.exhausted(pl) then v = v + (L.pdef(pl).influence or 0) end
    end
  end
  return v
end

-- ---------------------------------------------------------------- planets
-- Yin Reversal: a planet marked `reversed` has its resources and influence
-- swapped for everything that reads planet values through L.pdef.
local base_pdef = L.pdef
function L.pdef(id)
  local d = base_pdef(id)
  if d and game.get("planet", id, "reversed") then
    local c = copy(d)
    c.resources, c.influence = d.influence, d.resources
    return c
  end
  return d
end

-- ---------------------------------------------------------------- Yin
-- Indoctrination (effects/races/yin_indoctrination.lua): before an invasion
-- combat p attacks in, a roll converts one enemy ground unit on the planet.

-- hook: the enemy units on planet pl that p's Indoctrination may convert (a list, in game.units order); default: the ground forces there (not other ground units).
function L.indoctrination_candidates(p, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).type == "ground_force" then out[#out + 1] = u end
  end
  return out
end

-- hook: the unit of `units` (p's candidates on planet pl, never empty) that an Indoctrination roll aims at, and the value that roll needs to convert it; called before the roll; default: the first of them, 5.
function L.indoctrination_target(p, pl, units) return units[1], 5 end

-- ---------------------------------------------------------------- trade
local function agreements() return game.get("game", nil, "agreements") or {} end

local function count_agreements(p)
  local n = 0
  for _, a in ipairs(agreements()) do
    if (a.a == p or a.b == p) and not a.fresh then n = n + 1 end
  end
  return n
end
L.count_agreements = count_agreements

-- Hacan and Micro Technology: one more trade good per active agreement
-- whenever the agreements pay out.
local base_income = L.trade_income
function L.trade_income(p)
  local n = base_income(p)
  local bonus = L.flag(p, "trade_bonus_per_agreement")
  if bonus > 0 then n = n + bonus * count_agreements(p) end
  return n
end

-- Agreements with a Hacan player survive a general cancellation.
function L.unbreakable(a)
  return L.flag(a.a, "unbreakable_contracts") > 0 or L.flag(a.b, "unbreakable_contracts") > 0
end
local base_break = L.break_agreements
function L.break_agreements()
  local keep = {}
  for _, a in ipairs(agreements()) do
    if L.unbreakable(a) then keep[#keep + 1] = a end
  end
  base_break()
  if #keep > 0 then
    game.put("game", nil, "agreements", keep)
    for _, a in ipairs(keep) do
      game.log({ key = "ti3.agreement_cannot_be_broken", p = L.pn(a.a), q = L.pn(a.b) })
    end
  end
end

-- Hacan trades need no approval: politics.lua's L.negotiate reads the flag
-- trade_no_approval.

-- ---------------------------------------------------------------- production
-- A temporary cap on the units one production may build (player prop
-- `production_limit`, set by the Production strategy card's secondary).
--
-- Floating docks (Saar): a dock that moved in this activation (unit prop
-- `dock_moved`) produces nothing; a dock with a fixed production number
-- still gets the +N of technologies with `production_bonus` (Enviro
-- Compensator; tech.lua adds it only to production that depends on a
-- planet; our reading: the card raises every space dock's capacity).

local base_production = L.production
function L.production(p, s)
  local n = base_production(p, s)
  if L.floating_docks(p) then
    local bonus = 0
    for _, id in ipairs(game.holdings(p, "techs")) do
      local t = game.data.techs[id]
      if t and t.production_bonus then bonus = bonus + t.production_bonus end
    end
    for _, u in ipairs(game.units { system = s, owner = p }) do
      local d = L.def(p, u.kind)
      if u.dock_moved then
        n = n - L.unit_production(p, u)
      elseif (d.type or u.kind) == "space_dock" and type(d.production) == "number" then
        n = n + bonus
      end
    end
  end
  if type(p) == "number" then n = n + L.ground_force_production(p, s) end
  local cap = type(p) == "number" and game.get("player", p, "production_limit")
  if cap then n = math.min(n, cap) end
  return n
end

-- Arborec (flag `ground_force_production`): each of the player's ground
-- forces on a planet produces 1 unit (plus flag
-- `ground_force_production_bonus`, Spore Acceleration), except one that
-- moved in the current activation; with flag `no_dock_ground_forces` his
-- space docks build no ground forces, so a production builds no more
-- ground forces than its producers other than space docks give. A ground force has
-- moved when it is no longer where it was as the movement step began (the
-- player prop `gf_start`, kept by the ability's script until the tactical
-- action ends; without it nothing has moved).

-- hook: p's ground forces in system s that produce units now (a list of units); default: with flag ground_force_production, those on planets of s that have not moved in this activation.
function L.ground_force_producers(p, s)
  local out = {}
  if L.flag(p, "ground_force_production") == 0 then return out end
  local start = game.get("player", p, "gf_start")
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.planet and (L.def(p, u.kind).type or u.kind) == "ground_force"
      and (start == nil or start[tostring(u.id)] == u.planet) then
      out[#out + 1] = u
    end
  end
  return out
end

-- The production p's ground forces give in system s.
function L.ground_force_production(p, s)
  if L.flag(p, "ground_force_production") == 0 then return 0 end
  local n = #L.ground_force_producers(p, s)
  return n * (1 + L.flag(p, "ground_force_production_bonus"))
end

-- How many more ground forces production step st (ti-common's production
-- hooks) may still build for p: unlimited (nil) unless his docks build none;
-- then the production of the step less what his space docks there give
-- (his ground forces and other producers, such as a flagship, may build
-- them).
local function ground_room(ctx, st)
  local p = st.player
  if L.flag(p, "no_dock_ground_forces") == 0 then return nil end
  local docks = 0
  for _, u in ipairs(game.units { system = st.system, owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "space_dock" then docks = docks + L.unit_production(p, u) end
  end
  local made = 0
  for _, t in ipairs(game.keys(st.built or {})) do
    if t ~= "_fleet" and (L.def(p, t).type or t) == "ground_force" then made = made + st.built[t] end
  end
  return math.max(0, (st.cap or 0) - docks - made)
end

local base_production_options = L.production_options
function L.production_options(ctx, opts, st)
  opts = base_production_options(ctx, opts, st)
  local room = ground_room(ctx, st)
  if room == nil or room > 0 then return opts end
  local out = {}
  for _, o in ipairs(opts) do
    local d = game.data.units[o] and L.def(st.player, o)
    if not (d and (d.type or o) == "ground_force") then out[#out + 1] = o end
  end
  return out
end

local base_production_count = L.production_count
function L.production_count(ctx, kind, st)
  local n = base_production_count(ctx, kind, st)
  local room = ground_room(ctx, st)
  if room ~= nil and (L.def(st.player, kind).type or kind) == "ground_force" then n = math.min(n, room) end
  return n
end

local base_ground_site = L.produces_ground_site
function L.produces_ground_site(ctx, u)
  if u.planet and ctx.player == u.owner and L.flag(u.owner, "ground_force_production") > 0
    and (L.def(u.owner, u.kind).type or u.kind) == "ground_force" then
    for _, x in ipairs(L.ground_force_producers(u.owner, u.system)) do
      if x.id == u.id then return true end
    end
  end
  return base_ground_site(ctx, u)
end

-- ---------------------------------------------------------------- late wrappers
-- Procedures and helpers of round.lua and tech.lua (loaded after this file).
local installed = false
local function install()
  if installed then return end
  installed = true

  -- Strategy card secondaries: free for some races (`free_secondary`), or
  -- replaced by the primary / followed by it (`secondary_mode`).
  local base_free = L.secondary_free
  function L.secondary_free(q, d, ctx)
    for _, x in ipairs(held(q)) do
      if contains(x.free_secondary, ctx.card) then return true end
    end
    return base_free(q, d, ctx)
  end
  local base_resolve = L.resolve_secondary
  function L.resolve_secondary(q, d, ctx)
    local h, m = d.handler, nil
    for _, x in ipairs(held(q)) do
      if x.secondary_mode and contains(x.secondary_mode.cards, ctx.card) then m = x.secondary_mode.mode end
    end
    if m == "primary_instead" and h.primary then
      if game.choose(q, { key = "ti3.carry_out_primary_instead", card = L.name("strategy_cards", ctx.card) }, { "no", "yes" }) == "yes" then
        game.log({ key = "ti3.carries_out_primary_instead", p = L.pn(q) })
        return h.primary(q, d, ctx)
      end
    elseif m == "primary_and_secondary" and h.primary then
      game.log({ key = "ti3.carries_out_primary_too", p = L.pn(q) })
      h.primary(q, d, ctx)
    end
    return base_resolve(q, d, ctx)
  end

  -- Yssaril: "skip" is an action option unless the last turn was skipped.
  local base_ao = game.procedure_fn("action_options")
  if base_ao then
    procedure("action_options", function(p)
      local opts = base_ao(p)
      if L.flag(p, "skip_turn") > 0 and not game.get("player", p, "skipped_turn") then
        opts[#opts + 1] = "skip"
      end
      return opts
    end)
  end
  local base_take = L.take_action
  if base_take then
    function L.take_action(p, act)
      if act == "skip" then
        game.put("player", p, "skipped_turn", true)
        game.log({ key = "ti3.skips_turn", p = L.pn(p) })
        return { player = p, active = p }
      end
      if game.get("player", p, "skipped_turn") then game.put("player", p, "skipped_turn", nil) end
      return base_take(p, act)
    end
  end

  -- Naalu: initiative 0 (first in the order while holding a strategy card).
  local base_io = L.initiative_order
  if base_io then
    function L.initiative_order()
      local order = base_io()
      local first, rest = {}, {}
      for _, p in ipairs(order) do
        if L.flag(p, "initiative_zero") > 0 and #L.cards_of(p) > 0 then first[#first + 1] = p else rest[#rest + 1] = p end
      end
      if #first == 0 then return order end
      for _, p in ipairs(rest) do first[#first + 1] = p end
      return first
    end
  end

  -- Chaos-Mapping: the fleet supply limit in an asteroid field is 3.
  local base_fleet_limit_in = L.fleet_limit_in
  function L.fleet_limit_in(p, s)
    if s and anomaly(s) == "asteroid_field" and L.chaos_mapping(p) then return CHAOS_MAPPING_FLEET_LIMIT end
    return base_fleet_limit_in(p, s)
  end
  -- (A plain fight is in no anomaly: the limit there is the same.)
  L.plain_wrapper(L.fleet_limit_in, base_fleet_limit_in)

  -- Nekro: a technology a card would give becomes 3 command counters.
  local base_gain = L.gain_tech
  function L.gain_tech(p, id)
    if L.flag(p, "no_gifted_technology") > 0 then
      game.log({ key = "ti3.cannot_receive_tech", p = L.pn(p), tech = L.name("techs", id) })
      for _ = 1, math.min(3, L.reinforcements(p)) do
        game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1)
      end
      return
    end
    return base_gain(p, id)
  end
end

-- Shattered Empire strategy cards whose effects outlast their strategic
-- action listen to windows as the game's holdings.
local SE_GAME_CARDS = { "warfare_ii", "bureaucracy" }

game.when_loaded(install)

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  local r = base_setup(args)
  if game.options.se_strategy_cards then
    for _, id in ipairs(SE_GAME_CARDS) do
      if game.data.strategy_cards[id] then game.grant("game", "strategy_cards", id) end
    end
  end
  return r
end)

--- Mentak's Ambush (TI3): p picks up to two of its cruisers and destroyers in system s, which fire once each at their combat value against opp; returns the hits (nil when none fired). `def` is the ability's definition (its name is shown). sa-en fires it in its pre-combat window, ti3 before the battle.
function L.ambush_fire(p, opp, s, def)
  if #L.ships(opp, s) == 0 then return nil end
  local cands = {}
  for _, u in ipairs(L.ships(p, s)) do
    local t = L.def(p, u.kind).type
    if t == "cruiser" or t == "destroyer" then cands[#cands + 1] = u end
  end
  if #cands == 0 then return nil end
  local chosen, used = {}, {}
  for _ = 1, 2 do
    local opts = { "done" }
    for _, u in ipairs(cands) do
      if not used[u.id] then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "ti3.fire_with", ability = L.name("race_abilities", def.id) }, opts)
    if pick == "done" then break end
    local id = tonumber(pick:match("#(%d+)$"))
    used[id] = true
    for _, u in ipairs(cands) do if u.id == id then chosen[#chosen + 1] = u end end
  end
  if #chosen == 0 then return nil end
  game.log({ key = "ti3.uses", p = L.pn(p), ability = L.name("race_abilities", def.id) })
  local hits = 0
  for _, u in ipairs(chosen) do
    local dd = L.def(p, u.kind)
    hits = hits + game.roll({ key = "ti3.ambush_roll", p = L.pn(p), unit = u.kind, id = u.id }, dd.dice or 1, dd.combat)
  end
  return hits
end

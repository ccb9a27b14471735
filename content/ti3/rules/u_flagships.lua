-- Shards of the Throne flagships (option `flagships`, options_c.yaml; the
-- units are in flagships.yaml, one per race, on the board slot `flagship`).
--
-- Named to load after every other rules file of this pack, so the helpers
-- and procedures it wraps are all defined; each wrapper hands over to the
-- original unchanged while the option is off (or nobody's flagship is
-- concerned), so games without the option ask the same questions as before.
--
--   * availability: with the option off nobody has a flagship; with it on a
--     flagship is produced only in a production step, at a space dock in its
--     owner's home system (F.may_build_at; UNCERTAIN: the Shards of the
--     Throne rule as we recall it). Effects that place free ships outside a
--     production step cannot make one.
--   * every player holds his flagship's definition, so its window scripts
--     (effects/flagships/*.lua) run, and a definition with a `component`
--     handler is an action in the action phase (Muaat);
--   * the structural abilities (flagships.yaml header): capacity for ground
--     forces (Sol), hits bound to non-fighter ships (L1Z1X), no sustain
--     damage (Mentak), fleet supply in its system (Naalu), movement through
--     ships (Yssaril) and to any system (Creuss), dice per enemy ship (Winnu),
--     ground forces fighting as fighters (Yin), production lost after moving
--     (Arborec), the delta wormhole of its system (Creuss).
local L = game.lib
local F = {}
L.flagships = F

local function on() return game.options.flagships and true or false end
F.on = on

local copy = L.deep_copy

-- Runs fn(...), then undo(), even when fn fails (ti3's options_a.lua).
local guarded = L.guarded
F.guarded = guarded

-- The unit id of p's flagship (nil when the option is off or p has none).
function F.id(p)
  if not on() or type(p) ~= "number" then return nil end
  local fac = L.faction(p)
  return fac and fac.units and fac.units.flagship
end

-- p's flagships in space (in system s if given).
function F.units(p, s)
  local out = {}
  if not on() then return out end
  for _, u in ipairs(game.units { owner = p, kind = "flagship", system = s }) do
    if u.planet == nil and u.carried == nil then out[#out + 1] = u end
  end
  return out
end

-- Flagships in system s whose definition has `field`: {player, unit, def}.
function F.in_system(s, field)
  local out = {}
  if not on() or not s then return out end
  for _, u in ipairs(game.units { system = s, kind = "flagship" }) do
    if u.planet == nil and u.carried == nil then
      local d = L.def(u.owner, u.kind)
      if d[field] then out[#out + 1] = { player = u.owner, unit = u, def = d } end
    end
  end
  return out
end

-- p's flagship in s with `field`, or nil.
function F.has(p, s, field)
  for _, x in ipairs(F.in_system(s, field)) do
    if x.player == p then return x end
  end
  return nil
end

-- Name of p's flagship for the log.
function F.name(p)
  local id = F.id(p)
  return id and L.name("units", id) or "flagship"
end

---------------------------------------------------------------------------
-- Setup: each player holds his flagship's definition (window scripts).
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  local id = F.id(p)
  if id and game.data.units[id] then game.grant(p, "units", id) end
  return r
end)

---------------------------------------------------------------------------
-- Where a flagship may be produced: a space dock of p in p's home system.
-- Variants replace this function.
function F.may_build_at(p, s)
  if s == nil or s ~= L.home(p) then return false end
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "space_dock" then return true end
  end
  return false
end

-- The production step running: {player, system}, or nil.
local site

-- A flagship exists for p only with the option on, and is offered only in
-- a production step at a place it may be built.
local base_has_unit = L.has_unit
function L.has_unit(p, t)
  if t == "flagship" then
    if not on() or not base_has_unit(p, t) then return false end
    return site ~= nil and site.player == p and F.may_build_at(p, site.system)
  end
  return base_has_unit(p, t)
end

-- Systems whose fleet supply is being checked (enforce_limits, production):
-- the Naalu flagship's bonus applies there.
local fleet_sys
local base_fleet_limit = L.fleet_limit
function L.fleet_limit(p)
  local n = base_fleet_limit(p)
  if fleet_sys and on() and type(p) == "number" then
    local x = F.has(p, fleet_sys, "fleet_bonus_here")
    if x then n = n + x.def.fleet_bonus_here end
  end
  return n
end

-- Arborec: a flagship that moved in this activation (unit prop fs_moved)
-- produces nothing.
local base_lproduction = L.production
function L.production(p, s)
  local n = base_lproduction(p, s)
  if on() and type(p) == "number" then
    for _, u in ipairs(F.units(p, s)) do
      local d = L.def(p, u.kind)
      if d.no_production_after_move and type(d.production) == "number" and game.get("unit", u.id, "fs_moved") then
        n = math.max(0, n - d.production)
      end
    end
  end
  return n
end

-- While a production step runs at a producing flagship (Arborec), the ground
-- forces it builds go where a floating dock's would: the player's planets in
-- the system or its space area (tactical3.lua's ground sites). UNCERTAIN:
-- the source only gives the flagship's production capacity.
local base_floating = L.is_floating_dock
function L.is_floating_dock(u)
  if site and on() and u.kind == "flagship" and u.owner == site.player and u.planet == nil
    and u.system == site.system and L.def(u.owner, u.kind).production then
    return true
  end
  return base_floating(u)
end

local base_production = game.procedure_fn("production")
procedure("production", function(ctx)
  if not on() or not ctx.player or not ctx.system then return base_production(ctx) end
  local prev_site, prev_fleet = site, fleet_sys
  site = { player = ctx.player, system = ctx.system }
  fleet_sys = ctx.system
  return guarded(function()
    site, fleet_sys = prev_site, prev_fleet
    F.sync_wormholes()
  end, base_production, ctx)
end)

---------------------------------------------------------------------------
-- Capacity (Sol): ground forces in the flagship's system use no capacity.
local function ground_in_space(p, s)
  local n = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if d.transported and d.class == "ground" then n = n + 1 end
  end
  return n
end

local base_capacity = L.capacity
function L.capacity(p, s)
  local cap, used = base_capacity(p, s)
  if on() and type(p) == "number" and F.has(p, s, "ground_forces_free") then
    used = math.max(0, used - ground_in_space(p, s))
  end
  return cap, used
end

-- Over capacity with a Sol flagship present only the other cargo (fighters,
-- PDS) can be the excess: it is removed first, then the shared checks run.
local base_enforce = L.enforce_limits
function L.enforce_limits(p, s, why)
  if not on() or type(p) ~= "number" then return base_enforce(p, s, why) end
  if F.has(p, s, "ground_forces_free") then
    for _ = 1, 100 do
      local cap, used = L.capacity(p, s)
      if used <= cap then break end
      local opts = {}
      for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
        local d = L.def(p, u.kind)
        if d.transported and d.class ~= "ground" then opts[#opts + 1] = u.kind .. "#" .. u.id end
      end
      if #opts == 0 then break end
      local pick = game.choose(p, { key = "remove_over_capacity" }, opts)
      game.remove_unit(tonumber(pick:match("#(%d+)$")))
      game.log({ key = "removes_over_capacity", p = L.pn(p), unit = pick, system = L.sysname(s) })
    end
  end
  local prev = fleet_sys
  fleet_sys = s
  return guarded(function() fleet_sys = prev end, base_enforce, p, s, why)
end

---------------------------------------------------------------------------
-- Hits.

-- Mentak: sustain-damage choices are struck for ships in a system holding
-- another player's flagship with enemy_no_sustain.
function F.filter_sustain(p, units, out)
  if not on() then return out end
  local s
  for _, u in ipairs(units) do
    if u.system and u.planet == nil then s = u.system; break end
  end
  if not s then return out end
  local blocked = false
  for _, x in ipairs(F.in_system(s, "enemy_no_sustain")) do
    if x.player ~= p then blocked = true end
  end
  if not blocked then return out end
  local keep = {}
  for _, o in ipairs(out) do
    local what, kind = o:match("^(%a+):([%w_]+)#")
    if not (what == "sustain" and L.def(p, kind).class == "ship") then keep[#keep + 1] = o end
  end
  return keep
end

-- With the option on, units removed by an effect inside the hit assignment
-- (the Nekro flagship's, in the unit_destroyed window) are no choice either.
local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  if on() then
    local g = {}
    for k, v in pairs(gone or {}) do g[k] = v end
    for _, u in ipairs(units) do
      if not game.unit_exists(u.id) then g[u.id] = true end
    end
    gone = g
  end
  return F.filter_sustain(p, units, base_hit_options(p, units, opts, gone))
end

-- L1Z1X: the combat_rolled script of the flagship records, per player, the
-- groups of the roll whose hits are bound (F.bound[p] = {system, groups,
-- types}); the space combat hits of that player are then assigned in two
-- parts: the bound ones to non-fighter ships while there are any, then the
-- rest as usual.
F.bound = {}
local base_assign = L.assign_hits
function L.assign_hits(p, units, hits, label, opts)
  local src = opts and opts.source
  local b = src and F.bound[src]
  if not b or label ~= "space combat" then return base_assign(p, units, hits, label, opts) end
  F.bound[src] = nil
  local n = 0
  for _, g in ipairs(b.groups or {}) do
    if b.types[L.def(src, g.kind).type or g.kind] then n = n + (g.hits or 0) end
  end
  n = math.min(n, hits)
  if n <= 0 or (opts and opts.prefer_non_fighters) then return base_assign(p, units, hits, label, opts) end
  game.log({ key = n == 1 and "ti3.flagship_bound_hit" or "ti3.flagship_bound_hits", p = L.pn(src), n = n, flagship = F.name(src) })
  local o1 = {}
  for k, v in pairs(opts or {}) do o1[k] = v end
  o1.prefer_non_fighters = true
  local destroyed = base_assign(p, units, n, label, o1)
  if hits > n then
    local left = {}
    for _, u in ipairs(units) do if game.unit_exists(u.id) then left[#left + 1] = u end end
    destroyed = destroyed + base_assign(p, left, hits - n, label, opts)
  end
  return destroyed
end

---------------------------------------------------------------------------
-- Combat rolls.

-- Definition overrides while a step runs: over[p][kind] = definition.
local over = {}
local base_def = L.def
function L.def(p, t)
  local o = over[p]
  if o and o[t] then return o[t] end
  return base_def(p, t)
end

local function with_override(p, t, d, fn, ...)
  local prev = over[p] and over[p][t]
  over[p] = over[p] or {}
  over[p][t] = d
  return guarded(function() over[p][t] = prev end, fn, ...)
end

-- Winnu: the flagship rolls one die per enemy non-fighter ship in the battle.
local base_combat_roll = L.combat_roll
function L.combat_roll(p, units, mods, label, rc)
  if not on() or not rc or rc.ground or type(p) ~= "number" then return base_combat_roll(p, units, mods, label, rc) end
  local fs
  for _, u in ipairs(units) do
    if u.kind == "flagship" and L.def(p, u.kind).dice_per_enemy_ship then fs = u end
  end
  if not fs then return base_combat_roll(p, units, mods, label, rc) end
  local opp = (p == rc.attacker) and rc.defender or rc.attacker
  local n = 0
  for _, u in ipairs(L.ships(opp, rc.system)) do
    if (L.def(opp, u.kind).type or u.kind) ~= "fighter" then n = n + 1 end
  end
  local d = copy(L.def(p, "flagship"))
  d.dice = n
  if n == 0 then d.combat = nil end
  game.log({ key = n == 1 and "ti3.flagship_rolls_die" or "ti3.flagship_rolls_dice", p = L.pn(p), flagship = F.name(p), n = n })
  return with_override(p, "flagship", d, base_combat_roll, p, units, mods, label, rc)
end

-- Yin: while a space battle runs in the system of a Yin flagship, its
-- owner's ground forces there are fighters in every respect (they roll,
-- take hits, and barrage dice may hit them). UNCERTAIN: only those in the
-- space area (aboard ships) take part, not those on planets.
local base_space_combat = game.procedure_fn("space_combat")
procedure("space_combat", function(ctx)
  if not on() or not ctx.player or not ctx.system then return base_space_combat(ctx) end
  local s = ctx.system
  local yin = {}
  for _, x in ipairs(F.in_system(s, "ground_forces_as_fighters")) do yin[#yin + 1] = x.player end
  local function run()
    local set = {}
    for _, p in ipairs(yin) do
      if ground_in_space(p, s) > 0 then
        over[p] = over[p] or {}
        set[#set + 1] = { p = p, prev = over[p].ground_force }
        over[p].ground_force = base_def(p, "fighter")
        game.log({ key = "ti3.ground_forces_fight_as_fighters", p = L.pn(p), system = L.sysname(s), flagship = F.name(p) })
      end
    end
    return guarded(function()
      for _, x in ipairs(set) do over[x.p].ground_force = x.prev end
    end, base_space_combat, ctx)
  end
  return guarded(function() F.sync_wormholes() end, run)
end)

---------------------------------------------------------------------------
-- Movement: Yssaril (through other players' ships) and Creuss (to any
-- system); the flagship's cost replaces the shared one when lower.
local special = {} -- origin system -> cost of a flagship's own path from it

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if not on() or type(p) ~= "number" then return out end
  for _, u in ipairs(F.units(p)) do
    local d = L.def(p, u.kind)
    if u.system ~= target and not game.has_token(u.system, "command", p) and (d.move or 0) > 0
      and (d.move_through_ships or d.delta_wormhole) then
      local cost
      if d.move_through_ships then
        cost = game.move_cost(u.system, target, { blocked = rules.blocked, stop = {}, free_exit = rules.free_exit })
      end
      if d.delta_wormhole then
        local blocked = false
        for _, b in ipairs(rules.blocked or {}) do if b == target then blocked = true end end
        -- Its own system holds a delta wormhole and so does its destination.
        if not blocked then cost = math.min(cost or 1, 1) end
      end
      if cost and cost <= L.move_value(p, u, u.system) then
        local found
        for _, m in ipairs(out) do if m.unit.id == u.id then found = m end end
        if not found or cost < found.cost then
          if found then found.cost = cost else out[#out + 1] = { unit = u, cost = cost } end
          special[u.system] = math.min(special[u.system] or cost, cost)
        end
      end
    end
  end
  return out
end

-- The movement step below, while it runs: {player, stop}; stop(), when
-- set, gives Sol's flagship its printed capacity back.
local moving = nil

-- The gravity-rift check compares the path without rift bonus with the
-- ship's cost: a flagship's own path from the system counts there.
local base_rift_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  local c = base_rift_cost(p, m, from, target, rules)
  if moving and special[from] and (c == nil or c > special[from]) then c = special[from] end
  return c
end

-- Only the transport room is computed with Sol's capacity: once units
-- start to move, the flagship has its printed capacity again.
local base_start_moving = L.units_start_moving
function L.units_start_moving(p, target, ctx)
  local m = moving
  if m and m.stop then
    local stop = m.stop
    m.stop = nil
    stop()
  end
  return base_start_moving(p, target, ctx)
end

-- Sol: when the flagship moves, the transport room it brings counts every
-- ground force of its owner in the system it leaves (the capacity check at
-- the destination then ignores them, L.capacity above).
local base_movement = game.procedure_fn("movement")
procedure("movement", function(ctx)
  local p, target = ctx.player, ctx.system
  if not on() or type(p) ~= "number" or #F.units(p) == 0 then return base_movement(ctx) end
  F.sync_wormholes()
  local before = {}
  for _, u in ipairs(F.units(p)) do before[u.id] = u.system end
  special = {}
  local sol
  for _, u in ipairs(F.units(p)) do
    local d = L.def(p, u.kind)
    if d.ground_forces_free then
      local n = 0
      for _, g in ipairs(game.units { system = u.system, owner = p }) do
        local gd = L.def(p, g.kind)
        if gd.transported and gd.class == "ground" then n = n + 1 end
      end
      if n > 0 then
        sol = copy(d)
        sol.capacity = (sol.capacity or 0) + n
      end
    end
  end
  local function undo_sol()
    if sol and over[p] then over[p].flagship = nil end
    sol = nil
  end
  if sol then
    over[p] = over[p] or {}
    over[p].flagship = sol
  end
  local prev = moving
  moving = { player = p, stop = sol and undo_sol }
  return guarded(function()
    moving = prev
    undo_sol()
    special = {}
    for _, u in ipairs(F.units(p)) do
      if before[u.id] and before[u.id] ~= u.system then game.put("unit", u.id, "fs_moved", true) end
    end
    F.sync_wormholes()
  end, base_movement, ctx)
end)

-- The marks of flagships that moved are cleared around each tactical action.
local function clear_moved()
  if not on() then return end
  for _, u in ipairs(game.units { kind = "flagship" }) do
    if game.get("unit", u.id, "fs_moved") then game.put("unit", u.id, "fs_moved", nil) end
  end
end
local base_tactical = game.procedure_fn("tactical_action")
procedure("tactical_action", function(ctx)
  clear_moved()
  return guarded(function() clear_moved(); F.sync_wormholes() end, base_tactical, ctx)
end)

---------------------------------------------------------------------------
-- Creuss: the system of a flagship with delta_wormhole holds a delta
-- wormhole, kept in the system prop `se_wormholes` that the wormhole rules
-- of this pack and its variants read; links of kind "wormhole:delta" join it
-- to every other system with one. F.sync_wormholes moves the wormhole with
-- the ship (after movement, production, combat and each tactical action).
local function has_delta(s)
  local d = game.data.systems[game.tile_of(s)]
  for _, w in ipairs((d and d.wormholes) or {}) do if w == "delta" then return true end end
  for _, w in ipairs(game.get("system", s, "se_wormholes") or {}) do if w == "delta" then return true end end
  return false
end

local function add_delta(s)
  local had = has_delta(s)
  local list = game.get("system", s, "se_wormholes") or {}
  list[#list + 1] = "delta"
  game.put("system", s, "se_wormholes", list)
  if not had then
    for t = 1, game.num_systems() do
      if t ~= s and has_delta(t) then game.link(s, t, "wormhole:delta") end
    end
  end
end

local function remove_delta(s)
  local list = game.get("system", s, "se_wormholes") or {}
  local keep, found = {}, false
  for _, w in ipairs(list) do
    if w == "delta" and not found then found = true else keep[#keep + 1] = w end
  end
  if not found then return end
  game.put("system", s, "se_wormholes", #keep > 0 and keep or nil)
  if has_delta(s) then return end
  for t = 1, game.num_systems() do
    if t ~= s and has_delta(t) then game.unlink(s, t, "wormhole:delta") end
  end
end

function F.sync_wormholes()
  if not on() then return end
  local want, wl = {}, {}
  for _, u in ipairs(game.units { kind = "flagship" }) do
    if u.planet == nil and u.carried == nil and u.system and L.def(u.owner, u.kind).delta_wormhole and not want[u.system] then
      want[u.system] = u.owner
      wl[#wl + 1] = u.system
    end
  end
  local have = game.get("game", nil, "fs_delta") or {}
  local had, keep = {}, {}
  for _, s in ipairs(have) do
    had[s] = true
    if want[s] then keep[#keep + 1] = s else remove_delta(s) end
  end
  table.sort(wl)
  for _, s in ipairs(wl) do
    if not had[s] then
      add_delta(s)
      keep[#keep + 1] = s
      game.log({ key = "ti3.holds_delta_wormhole", system = L.sysname(s), flagship = F.name(want[s]) })
    end
  end
  table.sort(keep)
  game.put("game", nil, "fs_delta", #keep > 0 and keep or nil)
end

---------------------------------------------------------------------------
-- Actions: a held flagship definition with a `component` handler.
local base_component_actions = L.component_actions
function L.component_actions(p)
  local out = base_component_actions(p)
  if not on() then return out end
  for _, id in ipairs(game.holdings(p, "units")) do
    local d = game.data.units[id]
    local h = d and d.handler
    if type(h) == "table" and h.component and (not h.usable or h.usable(p, d)) then
      out[#out + 1] = "component:units." .. id
    end
  end
  return out
end

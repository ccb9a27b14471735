-- The tactical action in TI3 terms, where the shared procedures
-- (ti-common tactical.lua / combat.lua, written from the TI4 rules) differ:
-- the order of landing and bombardment, and production of PDS units and new
-- space docks.
local L = game.lib

-- (Asteroid fields - no ship ends its move in one, Antimass Deflectors only
-- lets ships pass through - are handled by races.lua's L.move_rules.)

-- Invasion (TI3 "planetary landings"): the active player first lands his
-- ground forces; his dreadnoughts and war suns may then bombard only the
-- planets he is invading (TI3 has no bombardment without an invasion; the
-- Shattered Ascension rulebook lists bombarding without invading as one of
-- its changes to TI3). A PDS on the planet shields it from dreadnoughts, not
-- from war suns (ti-common L.shielded with the units' data). Then the PDS on
-- each invaded planet fire at the landed ground forces, invasion combat is
-- fought and control established. Step names are the shared ones, so
-- before:/after: windows still apply.
procedure("invasion", function(ctx)
  local p, s = ctx.player, ctx.system
  if #L.ships(p, s) == 0 or #L.enemies_in(p, s) > 0 then return end
  game.step("land_pds", ctx)
  return L.invade(ctx)
end)

-- PDS units carried into the active system (units.yaml: transported) may be
-- placed on planets there that their owner already controls, up to the
-- planet's PDS limit (max_per_planet); they never invade. The TI3 transfer
-- action lands them the same way (round.lua). A planet taken in this same
-- invasion gets none (our reading: it is not yet his as the units land).
procedure("land_pds", function(ctx)
  local p, s = ctx.player, ctx.system
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then
      for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
        local d = L.def(p, u.kind)
        if u.carried == nil and d.class == "structure" and d.transported and game.unit_exists(u.id)
          and game.count_units { planet = pl, kind = u.kind } < (d.max_per_planet or 2)
          and game.confirm(p, { key = "ti3.land", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) }) then
          game.move_unit(u.id, { planet = pl })
          game.log({ key = "ti3.lands", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) })
        end
      end
    end
  end
end)

-- The invasion of the procedure above once it may take place: ground forces
-- land (commit_ground_forces), the planets invaded are bombarded, their PDS
-- fire, then each invasion combat and control (ctx: the invasion step's, with
-- player and system; a variant may call it at another moment, e.g. during a
-- space battle).
-- hook: whether the ground forces committed in this invasion (ctx: the invasion's) stay in the space area until the bombardment is over (the commit step only declares them); default: no, they land as they are committed.
function L.bombard_before_landing(ctx) return false end

function L.invade(ctx)
  local p, s = ctx.player, ctx.system
  ctx.targets = {}
  ctx.defer_landing = L.bombard_before_landing(ctx) or nil
  game.step("commit_ground_forces", ctx)
  if #ctx.targets > 0 then
    local invaded = {}
    for _, pl in ipairs(ctx.targets) do invaded[pl] = true end
    ctx.forbid = ctx.forbid or {}
    for _, pl in ipairs(game.planets_of(s)) do
      if not invaded[pl] then ctx.forbid[pl] = true end
    end
    game.step("bombardment", ctx)
  end
  if ctx.defer_landing then L.land_committed(ctx) end
  local cs = {}
  for _, pl in ipairs(ctx.targets) do
    cs[#cs + 1] = { player = p, active = p, system = s, planet = pl, defender = game.planet_owner(pl) }
    game.step("space_cannon_defense", cs[#cs])
  end
  for _, c in ipairs(cs) do
    game.step("ground_combat", c)
    game.step("establish_control", c)
    if c.end_turn then ctx.end_turn = true end
  end
end

-- Bombardment (TI3): each dreadnought or war sun chooses one of the planets
-- being invaded (ctx.forbid holds the others) and rolls its bombardment
-- dice. A PDS on the planet shields it from dreadnoughts; a war sun's own
-- bombardment ignores the shield (units.yaml `removes_planetary_shield`),
-- but unlike the TI4 rule the shared L.shielded follows, a war sun in the
-- system does not let the dreadnoughts through. A player with the
-- `bombard_through_shields` flag (Graviton Negator) ignores shields.
function L.shield_up(pl, p)
  if L.flag(p, "bombard_through_shields") > 0 then return false end
  for _, u in ipairs(game.units { planet = pl }) do
    if u.owner ~= p and L.gives_shield(u, pl, p) then return true end
  end
  return false
end

-- hook: whether p may choose planet pl as a target in this bombardment step (ctx: the step's; the planets in ctx.forbid are left out apart from this); default: a planet p does not own with another player's units on it.
function L.bombardable(p, pl, ctx)
  return game.planet_owner(pl) ~= p and game.count_units { planet = pl, not_owner = p } > 0
end

-- hook: the groups of dice p's unit u rolls when it bombards planet pl, each { dice = n, need = value (, target = the value reported to the dice_rolled window) }, from the dice and value L.bombard_roll gave (ctx: the step's); default: one group of them all.
function L.bombard_dice_groups(p, u, pl, dice, need, ctx) return { { dice = dice, need = need } } end

-- (The hooks it calls, L.bombard_units ... L.bombard_assign, L.bombardment_of, are ti-common's;
-- the planets it offers, L.bombardable above.)
procedure("bombardment", function(ctx)
  local p, s = ctx.player, ctx.system
  local planets = {}
  for _, pl in ipairs(game.planets_of(s)) do
    if L.bombardable(p, pl, ctx) and not (ctx.forbid and ctx.forbid[pl]) then
      planets[#planets + 1] = pl
    end
  end
  if #planets == 0 then return end
  local targets, order = {}, {}
  local told = {}
  for _, u in ipairs(L.bombard_units(p, s, ctx)) do
    local d = L.def(p, u.kind)
    local b = L.bombardment_of(p, u, ctx)
    if b then
      local opts = { "none" }
      for _, pl in ipairs(planets) do
        if d.removes_planetary_shield or not L.shield_up(pl, p) then
          opts[#opts + 1] = pl
        elseif not told[pl] then
          told[pl] = true
          game.log({ key = "planetary_shield", planet = L.name("planets", pl) })
        end
      end
      if #opts > 1 then
        local pick = L.bombard_target(p, u, game.choose(p, { key = "bombard_with", unit = u.kind .. "#" .. u.id, id = u.id }, opts), ctx)
        if pick ~= "none" then
          if not targets[pick] then targets[pick] = {}; order[#order + 1] = pick end
          table.insert(targets[pick], { u = u, b = b })
        end
      end
    end
  end
  local extra = L.extra_dice(p, "bombardment")
  for _, pick in ipairs(order) do
    local hits, groups = 0, {}
    for _, x in ipairs(targets[pick]) do
      local dice, need = L.bombard_roll(p, x.u, pick, x.b.dice + extra, x.b.hit, ctx)
      for _, g in ipairs(L.bombard_dice_groups(p, x.u, pick, dice, need, ctx)) do
        local h, rolls = game.roll({ key = "roll_bombardment", p = L.pn(p), unit = x.u.kind }, g.dice, g.need)
        L.bombard_rolled(p, x.u, pick, rolls, g.need, h, ctx)
        hits = hits + h
        groups[#groups + 1] = { kind = x.u.kind, rolls = rolls or {}, target = g.target or x.b.hit, hits = h }
      end
      extra = 0
    end
    local owner = game.planet_owner(pick) or (game.units { planet = pick, not_owner = p }[1] or {}).owner
    -- The bombarding player's dice of this planet may be rerolled (races.lua).
    hits = L.dice_rolled(p, "bombardment", "bombardment", groups, hits, { system = s, planet = pick, target = owner })
    if owner then
      local units = L.ground(owner, pick)
      L.bombard_assign(p, owner, pick, units, L.bombard_hits(p, owner, pick, hits, ctx), ctx)
    end
  end
end)

-- Fleet supply changed in one system for the rest of the round (Grand
-- Armada, War Footing): game prop fleet_supply_changes, a list of
-- {player, system, n (more ships, or "none": no limit), round}. When the
-- status phase is over they end, and the ships beyond the normal limit
-- there are removed.
local base_fleet_limit_in = L.fleet_limit_in
function L.fleet_limit_in(p, s)
  local n = base_fleet_limit_in(p, s)
  local round = game.get("game", nil, "round") or 0
  for _, c in ipairs(game.get("game", nil, "fleet_supply_changes") or {}) do
    if c.player == p and c.system == s and c.round == round then
      if c.n == "none" then return math.huge end
      n = n + c.n
    end
  end
  return n
end

-- p's fleet supply limit in s changes by n (or "none") for this round.
function L.change_fleet_supply(p, s, n)
  local list = game.get("game", nil, "fleet_supply_changes") or {}
  list[#list + 1] = { player = p, system = s, n = n, round = game.get("game", nil, "round") or 0 }
  game.put("game", nil, "fleet_supply_changes", list)
end

game.on("after:status_phase", function(ctx)
  local list = game.get("game", nil, "fleet_supply_changes")
  if not list or #list == 0 then return end
  game.put("game", nil, "fleet_supply_changes", nil)
  for _, c in ipairs(list) do L.enforce_limits(c.player, c.system) end
end)

-- A space dock built in the production step (unit prop built_round, the
-- round it was built) begins producing the next round: not later in the
-- same round through a second activation or a strategy card's secondary
-- (the TI3 rulebook's p. 26 as players quote it).
-- hook: whether p's unit u is a space dock built this round that produces nothing yet; default: its unit prop built_round is the current round.
function L.new_dock_idle(p, u)
  local b = game.get("unit", u.id, "built_round")
  return b ~= nil and b == (game.get("game", nil, "round") or 0)
end

-- Production of one dock changed for a round (Productivity Spike, Spacedock
-- Accident): unit props production_change (resources more, or "none": the
-- unit produces nothing) and production_change_round.
-- hook: the production capacity p's unit u adds to what L.production counts in its system (negative: it takes away); default: the unit's change for this round (unit props production_change / production_change_round), else 0.
function L.unit_production_change(p, u)
  if L.new_dock_idle(p, u) then return -L.unit_production(p, u) end
  local r = game.get("unit", u.id, "production_change_round")
  if r == nil or r ~= (game.get("game", nil, "round") or 0) then return 0 end
  local c = game.get("unit", u.id, "production_change")
  if c == "none" then return -L.unit_production(p, u) end
  return tonumber(c) or 0
end

local base_unit_production = L.production
function L.production(p, s)
  local n = base_unit_production(p, s)
  if type(p) ~= "number" then return n end
  local d = 0
  for _, u in ipairs(game.units { system = s, owner = p }) do d = d + L.unit_production_change(p, u) end
  if d ~= 0 then n = math.max(0, n + d) end
  return n
end

-- hook: whether p's unit u is one of the ground forces that the cards and technologies moving ground forces move (Transit Diodes, Shuttle Logistics); default: a unit of class ground.
function L.moves_as_ground(p, u) return L.def(p, u.kind).class == "ground" end

-- Anti-fighter barrage: ti-common's procedure (each side's units with the
-- ability roll before the first round; hits go to the other side's fighters
-- only, excess hits are lost), with the `dice_rolled` window (races.lua)
-- after each side's dice.
local function barrage(p, q, s, queue)
  local list = L.barrage_shooters(p, s)
  if #list == 0 then return end
  local hits, groups = 0, {}
  for _, x in ipairs(list) do
    local h, rolls = game.roll({ key = "roll_barrage", p = L.pn(p), unit = x.u.kind }, x.a.dice, x.a.hit)
    hits = hits + h
    groups[#groups + 1] = { kind = x.u.kind, rolls = rolls or {}, target = x.a.hit, hits = h }
  end
  hits = L.dice_rolled(p, "anti_fighter_barrage", "anti-fighter barrage", groups, hits, { system = s, target = q })
  local a = { q, s, hits, p }
  if queue then queue[#queue + 1] = a else L.assign_barrage_hits(q, s, hits, p) end
end

procedure("anti_fighter_barrage", function(ctx)
  -- (L.barrages, L.barrage_simultaneous: ti-common's.)
  L.barrages(ctx, barrage)
end)

-- Production (TI3). Each space dock produces up to its planet's resources
-- + 2 units (units.yaml); fighters and ground forces come two for one
-- resource, each counting as one unit. Besides ships and ground forces a
-- dock produces PDS units (cost 2, at most 2 on a planet, placed on the
-- dock's planet, pds_room below). In the production step of his own
-- action (ctx.active == player) a player may also build a new space dock
-- (cost 4, one per planet, not counted against production) on a planet in
-- the system he has held since the start of the round (round.lua records
-- the owners then) and holding no other player's ships; a new dock produces
-- nothing until the next round (L.new_dock_idle). Ships cannot be
-- produced while other players' ships blockade the system. (From the TI3
-- rules as we recall them and the units.yaml notes; TI3 has no Construction
-- card, so the shared production, which builds no structures, would leave
-- TI3 without new PDS units and space docks.)
--
-- Saar floating docks (races.lua, L.floating_docks): ground forces built at
-- a dock in the space area go on a planet the player controls in the system
-- or into the space area (capacity rules then apply); a new dock needs a
-- planet held since the start of the round in the system and goes into its
-- space area, one per production. (Shattered Empire's Saar rules, quoted in
-- part on boardgamegeek.com thread 1120656: docks are built in a system with
-- a planet controlled for the whole round; ground forces and PDS built there
-- may be placed on the player's planets in the system - the rest of that
-- sentence is cut off in the copy we have. Ground forces into the space
-- area is our reading. UNCERTAIN.)
--
-- Integrated Economy (techs.yaml): ships may be built beyond the producing
-- system's fleet supply when adjacent systems it may place units in have
-- room (L.ie_destinations); its script moves the new units after the step.
--
-- The step leaves in ctx: produced (units built, new docks excluded) and
-- new_units (their ids), for the after:production handlers.
-- Where PDS units built in s may go (TI3 rulebook p. 26 as players quote it:
-- ground forces and PDS are built and placed on the planet holding the
-- space dock): the planets of p's producing units there, or, for a
-- producing unit in the space area (a Saar floating dock), any planet of p's
-- in s; each up to its PDS limit.
local function pds_room(p, s, ctx)
  local sites, floating = {}, false
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.produces_ground_site(ctx, u) then
      if u.planet then sites[u.planet] = true elseif L.is_floating_dock(u) then floating = true end
    end
  end
  local out = {}
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p and (sites[pl] or floating) then
      local n = game.count_units { planet = pl, kind = "pds" }
      local max = L.def(p, "pds").max_per_planet or 2
      if n < max then out[#out + 1] = { planet = pl, room = max - n } end
    end
  end
  return out
end

-- hook: whether p may build a new space dock in system s at all (its planets are then checked one by one); default (TI3, the rulebook's p. 26): s holds no other player's ships.
function L.new_dock_allowed_in(p, s) return #L.other_ships(p, s) == 0 end

local function dock_sites(p, s)
  local out = {}
  if not L.new_dock_allowed_in(p, s) then return out end
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p and game.get("planet", pl, "round_start_owner") == p
      and (L.floating_docks(p) or game.count_units { planet = pl, kind = "space_dock" } == 0) then
      out[#out + 1] = pl
    end
  end
  -- A floating dock goes into the space area: one site, named "space".
  if L.floating_docks(p) and #out > 0 then return { "space" } end
  return out
end

-- Where ground forces built in s may go: the planets of producing units
-- (with two docks in a system, either one's planet: each dock places what it
-- builds on its own planet), or, for a producing unit in the space area
-- (floating dock), the player's planets in s and the space area.
local function ground_sites(p, s, ctx)
  local on_planet, in_space = {}, false
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.produces_ground_site(ctx, u) then
      if u.planet then on_planet[u.planet] = true elseif L.is_floating_dock(u) then in_space = true end
    end
  end
  if next(on_planet) then return game.keys(on_planet) end
  if not in_space then return {} end
  local out = {}
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then out[#out + 1] = pl end
  end
  table.sort(out)
  out[#out + 1] = "space"
  return out
end

-- Integrated Economy: adjacent systems holding one of p's command counters
-- (activated) with no other player's units or planets.
function L.ie_destinations(p, s)
  local out = {}
  if not game.holds(p, "techs", "integrated_economy") then return out end
  for _, t in ipairs(game.adjacent(s, "move")) do
    if game.has_token(t, "command", p) then
      local ok = true
      for _, u in ipairs(game.units { system = t }) do
        if u.owner ~= p then ok = false end
      end
      for _, pl in ipairs(game.planets_of(t)) do
        local o = game.planet_owner(pl)
        if o and o ~= p then ok = false end
      end
      if ok then out[#out + 1] = t end
    end
  end
  return out
end

-- Fleet ships p may add by producing in s.
local function fleet_room(p, s)
  local room = L.fleet_limit_in(p, s) - L.count_fleet(p, s)
  for _, t in ipairs(L.ie_destinations(p, s)) do
    room = room + math.max(0, L.fleet_limit_in(p, t) - L.count_fleet(p, t))
  end
  return room
end

-- hook: whether the production step (ctx: player, system...) treats its system as blockaded, so that no ships are produced; default: L.blockaded(player, system).
function L.production_blockaded(ctx) return L.blockaded(ctx.player, ctx.system) end

procedure("production", function(ctx)
  local p, s = ctx.player, ctx.system
  ctx.produced, ctx.new_units = 0, {}
  local cap = L.production(p, s)
  local may_dock = ctx.active == p and L.has_unit(p, "space_dock")
  local dock_def = may_dock and L.def(p, "space_dock")
  local sites = may_dock and dock_sites(p, s) or {}
  if cap <= 0 and #sites == 0 then return end
  local blockaded = L.production_blockaded(ctx)
  local discount = L.flag(p, "production_discount")
  local budget = L.spendable(p, "resources") + discount
  local gsites = ground_sites(p, s, ctx)
  local pds_free = 0
  for _, r in ipairs(pds_room(p, s, ctx)) do pds_free = pds_free + r.room end
  local room = fleet_room(p, s)
  local built, cost, count = {}, 0, 0
  local docks = {}
  -- (The production hooks are ti-common's: combat.lua.)
  local st = { player = p, system = s, cap = cap, count = 0, cost = 0, built = built }
  while true do
    local opts = { "done" }
    if count < cap then
      for _, t in ipairs(L.unit_types()) do
        local d = L.has_unit(p, t) and L.def(p, t)
        -- (Shards of the Throne units, such as mechanized units, are not
        -- part of this pack's game.)
        local ok = d and d.cost and (d.class == "ship" or d.class == "ground" or t == "pds") and d.expansion ~= "shards_of_the_throne"
        if ok and d.requires_tech and not game.holds(p, "techs", d.requires_tech) then ok = false end
        if ok and blockaded and d.class == "ship" then ok = false end
        if ok and d.class == "ground" and #gsites == 0 then ok = false end
        if ok and t == "pds" and (built.pds or 0) >= pds_free then ok = false end
        if ok and cost + L.production_cost(ctx, t, d) > budget then ok = false end
        if ok and d.limit and d.type ~= "fighter" and d.type ~= "ground_force" and game.count_units { owner = p, kind = t } + (built[t] or 0) >= d.limit then ok = false end
        if ok and d.fleet and (built._fleet or 0) + 1 > room then ok = false end
        if ok then opts[#opts + 1] = t end
      end
    end
    local dock_cost = dock_def and dock_def.cost and L.production_cost(ctx, "space_dock", dock_def)
    if dock_cost and cost + dock_cost <= budget
      and game.count_units { owner = p, kind = "space_dock" } + #docks < (dock_def.limit or 99) then
      for _, pl in ipairs(sites) do
        local taken = false
        for _, x in ipairs(docks) do if x == pl then taken = true end end
        if not taken then opts[#opts + 1] = "space_dock@" .. pl end
      end
    end
    if #opts == 1 then break end
    st.count, st.cost = count, cost
    local pick = game.choose(p, { key = "produce" }, L.production_options(ctx, opts, st))
    if pick == "done" then break end
    local site = pick:match("^space_dock@(.+)$")
    if site then
      docks[#docks + 1] = site
      cost = cost + dock_cost
    else
      local d = L.def(p, pick)
      local n = L.production_count(ctx, pick, st)
      built[pick] = (built[pick] or 0) + n
      if d.fleet then built._fleet = (built._fleet or 0) + 1 end
      cost = cost + L.production_cost(ctx, pick, d)
      count = count + n
    end
  end
  if cost == 0 and next(built) == nil and #docks == 0 then return end
  L.pay(p, math.max(0, cost - discount), "resources")
  -- Where the new ground forces go (one choice for all of them).
  local ground_at = gsites[1]
  if #gsites > 1 then
    for _, t in ipairs(game.keys(built)) do
      if t ~= "_fleet" and L.def(p, t).class == "ground" then
        ground_at = game.choose(p, { key = "ti3.place_new_ground_forces" }, gsites)
        break
      end
    end
  end
  for _, t in ipairs(game.keys(built)) do
    if t ~= "_fleet" then
      for _ = 1, built[t] do
        local d = L.def(p, t)
        local id
        if t == "pds" then
          local rooms = pds_room(p, s, ctx)
          local pl = rooms[1].planet
          if #rooms > 1 then
            local names = {}
            for _, r in ipairs(rooms) do names[#names + 1] = r.planet end
            pl = game.choose(p, { key = "ti3.place_new_pds" }, names)
          end
          id = game.spawn(t, p, L.production_place(ctx, t, { planet = pl }, st))
        elseif d.class == "ground" then
          local where = ground_at == "space" and { system = s } or { planet = ground_at }
          id = game.spawn(t, p, L.production_place(ctx, t, where, st))
        else
          id = game.spawn(t, p, L.production_place(ctx, t, { system = s }, st))
        end
        ctx.new_units[#ctx.new_units + 1] = id
        ctx.produced = ctx.produced + 1
      end
      game.log({ key = "produces", p = L.pn(p), n = built[t], unit = t, system = L.sysname(s) })
    end
  end
  for _, pl in ipairs(docks) do
    local id
    if pl == "space" then
      id = game.spawn("space_dock", p, { system = s })
      game.log({ key = "ti3.builds_space_dock_in", p = L.pn(p), system = L.sysname(s) })
    else
      id = game.spawn("space_dock", p, { planet = pl })
      game.log({ key = "ti3.builds_space_dock_on", p = L.pn(p), planet = L.name("planets", pl) })
    end
    game.put("unit", id, "built_round", game.get("game", nil, "round") or 0)
  end
  -- With Integrated Economy places for the new units, the limits are
  -- checked once its script has placed them (after:production).
  if ctx.produced > 0 and #L.ie_destinations(p, s) > 0 then
    ctx.ie_limits = true
  elseif L.production_enforces_limits(ctx) then
    L.enforce_limits(p, s)
  end
end)

-- Transport on the way (TI3): a ship with capacity may, on its way to the
-- active system, pick up its owner's fighters, ground forces and PDS (on
-- planets or in space) in the systems it moves through, as long as such a
-- system holds none of his command counters (units in an activated system
-- stay put, as its ships do). The ship names each system it passes through,
-- in order, as long as the rest of its path fits its move value; it cannot
-- pass through a system it could not move through anyway (anomalies, other
-- players' ships). (A TI3 forum answer drawing on the rulebook's leader
-- section, ffg-forum-archive topic 110688: carried units are taken up only
-- in systems not yet activated that the ship passes through, or in the
-- active system; the Shattered Ascension rulebook, built on TI3, has the same
-- rule. In the active system itself we let ships take up ground forces from
-- their owner's planets, when the system has another planet to invade.) A
-- ship leaving a gravity rift, and rift systems as stops, are left out (TI3
-- has no gravity rift; a variant with rifts keeps its own rolls).
local function in_list(t, x)
  for _, y in ipairs(t or {}) do
    if y == x then return true end
  end
  return false
end

--- p's units in system s that a ship passing through may pick up (fighters, ground forces and PDS, in space or on planets, not carried), leaving out units that move by themselves this step (`moving`: a set of unit ids).
function L.pickable_on_the_way(p, s, moving)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.def(p, u.kind).transported and u.carried == nil and not moving[u.id] then out[#out + 1] = u end
  end
  return out
end

-- (ti-common's hook L.transport_on_the_way, replaced.)
function L.transport_on_the_way(p, target, moved, rules, room, start)
  local picked_from, seen = {}, {}
  local moving = {}
  for _, m in ipairs(moved) do moving[m.unit.id] = true end
  for _, m in ipairs(moved) do
    local u = m.unit
    local from = u.system
    local take = math.min(L.def(p, u.kind).capacity or 0, room[from] or 0)
    if take > 0 and not in_list(rules.free_exit, from) then
      local mv = L.move_value(p, u, from)
      local spent, at = 0, from
      m.picked, m.via = {}, {}
      while take > 0 do
        local opts = {}
        for s = 1, game.num_systems() do
          if s ~= target and s ~= from and s ~= at and game.system(s).hex and not in_list(m.via, s)
            and not game.has_token(s, "command", p) and not in_list(rules.stop, s) and not in_list(rules.blocked, s)
            and not in_list(rules.free_exit, s) and #L.pickable_on_the_way(p, s, moving) > 0 then
            local a = game.move_cost(at, s, rules)
            local b = a and game.move_cost(s, target, rules)
            if b and spent + a + b <= mv then opts[#opts + 1] = game.system(s).hex end
          end
        end
        if #opts == 0 then break end
        table.insert(opts, 1, "none")
        local pick = game.choose(p, { key = "ti3.move_through", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(from) }, opts)
        if pick == "none" then break end
        local s = game.system_at(pick)
        spent = spent + game.move_cost(at, s, rules)
        at = s
        m.via[#m.via + 1] = s
        game.log({ key = "ti3.moves_through", p = L.pn(p), unit = u.kind .. "#" .. u.id, system = L.sysname(s) })
        for _, c in ipairs(L.pickable_on_the_way(p, s, moving)) do
          if take <= 0 then break end
          local q = c.planet
            and { key = "ti3.transport_via_planet", unit = c.kind .. "#" .. c.id, id = c.id, planet = L.name("planets", c.planet), system = L.sysname(s) }
            or { key = "ti3.transport_via", unit = c.kind .. "#" .. c.id, id = c.id, system = L.sysname(s) }
          if game.choose(p, q, { "yes", "no" }) == "yes" then
            start()
            game.move_unit(c.id, { system = target })
            m.picked[#m.picked + 1] = c
            take = take - 1
            room[from] = room[from] - 1
          end
        end
        if not seen[s] then
          seen[s] = true
          picked_from[#picked_from + 1] = s
        end
      end
      -- The active system too: ground forces on p's planets there may be
      -- taken up into its space area, to land on another planet of the
      -- system in the invasion (offered only when one is not p's).
      if take > 0 and L.other_planet_in(p, target) then
        for _, c in ipairs(L.pickable_on_the_way(p, target, moving)) do
          if take <= 0 then break end
          if c.planet and L.def(p, c.kind).class == "ground" and game.choose(p, { key = "ti3.transport_in_active", unit = c.kind .. "#" .. c.id, id = c.id,
              ship = u.kind .. "#" .. u.id, planet = L.name("planets", c.planet), system = L.sysname(target) }, { "no", "yes" }) == "yes" then
            start()
            game.move_unit(c.id, { system = target })
            c.back = { planet = c.planet }
            m.picked[#m.picked + 1] = c
            take = take - 1
            room[from] = room[from] - 1
          end
        end
      end
    end
  end
  return picked_from
end

--- Whether system s holds a planet that p does not control.
function L.other_planet_in(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) ~= p then return true end
  end
  return false
end

-- Space cannon range (TI3): two systems linked only by wormholes are adjacent
-- for movement alone (the TI3 FAQ as players quote it, ffg-forum-archive
-- topic 243922; the Shattered Ascension rulebook keeps the rule: Deep Space
-- Cannon does not fire through wormholes). A PDS with range fires into a
-- system beside its own only when the two tiles touch on the board.
--- Whether systems s and t touch on the board (hex neighbours), whatever else links them.
function L.board_adjacent(s, t)
  local a, b = game.system(s).hex, game.system(t).hex
  return a ~= nil and b ~= nil and game.hex_distance(a, b) == 1
end

local base_space_cannon_shooters = L.space_cannon_shooters
function L.space_cannon_shooters(q, t, s)
  if t ~= s and not L.board_adjacent(s, t) then return {} end
  return base_space_cannon_shooters(q, t, s)
end

-- Coexistence (the booklet's "Coexist" section). Some effects (Crash
-- Landing, Exchange Program here; factions of the expansion elsewhere) put
-- a player's units on a planet beside another player's units without a
-- combat. Coexistence belongs to a player on a planet (planet prop
-- `te_coexist:<p>`): every unit that player later places, produces or lands
-- there coexists as well. The game prop `te_coexist_planets` lists, sorted,
-- the planets where someone coexists.
--
-- - Starting to coexist never gives control; a player who controlled the
--   planet hands it, exhausted, to a player they now coexist with.
-- - A player whose coexisting units become the only units on the planet
--   stops coexisting and gains control of it; one with no units left there
--   stops coexisting.
-- - Coexisting structures are blockaded (no ships produced from them).
-- - Bombardment: a planet holding units of several other players offers one
--   answer per player (`<planet>@pN`): each group of bombarding units rolls
--   against one player's units. A planet the bombarding player controls may
--   be bombarded when other players coexist there.
-- - Committing ground forces: the ground combat is against the planet's
--   owner only; after winning it (or when landing on one's own planet) the
--   active player may, player by player, start a separate ground combat
--   against coexisting units. A coexisting player who activates the system
--   may end their coexistence: their units (and any they land) fight the
--   planet's other units as an invasion; winning gives control.
-- - Objectives: a coexisting player counts the planet as theirs
--   (L.objective_planets), for nothing else.
local L = game.lib

--- Whether player p's units on planet pl coexist there.
function L.te_coexisting(p, pl)
  return p ~= nil and p ~= 0 and game.get("planet", pl, "te_coexist:" .. p) == true
end

--- The players coexisting on planet pl, sorted.
function L.te_coexisting_players(pl)
  local out = {}
  for q = 1, game.num_players() do
    if L.te_coexisting(q, pl) then out[#out + 1] = q end
  end
  return out
end

--- The planets where some player coexists, sorted.
function L.te_coexist_planets()
  local out = {}
  for _, pl in ipairs(game.get("game", nil, "te_coexist_planets") or {}) do out[#out + 1] = pl end
  return out
end

local function set_flag(p, pl, on)
  game.put("planet", pl, "te_coexist:" .. p, on and true or nil)
  local out = {}
  for _, x in ipairs(L.te_coexist_planets()) do
    if x ~= pl then out[#out + 1] = x end
  end
  if #L.te_coexisting_players(pl) > 0 then out[#out + 1] = pl end
  table.sort(out)
  game.put("game", nil, "te_coexist_planets", #out > 0 and out or nil)
end

-- The players other than p with units on planet pl, sorted; those not
-- coexisting there first.
local function others_on(p, pl)
  local seen, plain, coex = {}, {}, {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if not seen[u.owner] then
      seen[u.owner] = true
      if L.te_coexisting(u.owner, pl) then coex[#coex + 1] = u.owner else plain[#plain + 1] = u.owner end
    end
  end
  table.sort(plain); table.sort(coex)
  for _, q in ipairs(coex) do plain[#plain + 1] = q end
  return plain
end

--- p's units on planet pl start to coexist with the other players' units there (none there: nothing happens, returns false). If p controlled pl, the first of those players gains control of it, exhausted. Opens `coexistence_started`.
function L.te_begin_coexisting(p, pl)
  if L.te_coexisting(p, pl) then return true end
  local others = others_on(p, pl)
  if #others == 0 then return false end
  set_flag(p, pl, true)
  game.log({ key = "te.coexists", p = L.pn(p), planet = L.name("planets", pl) })
  if game.planet_owner(pl) == p then L.take_control(others[1], pl, true) end
  game.window("coexistence_started", { player = p, planet = pl })
  return true
end

--- p stops coexisting on planet pl (logged).
function L.te_end_coexisting(p, pl)
  if not L.te_coexisting(p, pl) then return end
  set_flag(p, pl, false)
  game.log({ key = "te.coexistence_ends", p = L.pn(p), planet = L.name("planets", pl) })
end

--- p's units were just put on planet pl outside an invasion (by a card): they coexist when other players' units are there; on a planet with no one else's units, p gains control of it (LRR 25.5a).
function L.te_units_arrived(p, pl)
  if L.te_begin_coexisting(p, pl) then return end
  if game.planet_owner(pl) ~= p then L.take_control(p, pl, true) end
end

--- Settles coexistence on planet pl after units left or died: a coexisting player with no units there stops coexisting; one whose units are the only ones there stops coexisting and gains control.
function L.te_settle_coexistence(pl)
  for _, r in ipairs(L.te_coexisting_players(pl)) do
    if L.te_coexisting(r, pl) then
      if game.count_units { planet = pl, owner = r } == 0 then
        L.te_end_coexisting(r, pl)
      elseif game.count_units { planet = pl, not_owner = r } == 0 then
        L.te_end_coexisting(r, pl)
        if game.planet_owner(pl) ~= r then L.take_control(r, pl, true) end
      end
    end
  end
end

--- Settles coexistence on every planet where someone coexists.
function L.te_settle_all_coexistence()
  for _, pl in ipairs(L.te_coexist_planets()) do L.te_settle_coexistence(pl) end
end

for _, w in ipairs({ "unit_destroyed", "after:movement", "after:invasion", "after:tactical_action",
  "after:component_action", "after:strategic_action", "after:production" }) do
  -- (Nobody coexisting anywhere: nothing to settle, a simulated fight may run as a plan.)
  game.on(w, function() L.te_settle_all_coexistence() end, { plain = function() return #L.te_coexist_planets() == 0 end })
end

-- Objectives: the planets a player coexists on count as theirs.
local base_objective_planets = L.objective_planets
function L.objective_planets(p)
  local out = base_objective_planets(p)
  local have = {}
  for _, pl in ipairs(out) do have[pl] = true end
  for _, pl in ipairs(L.te_coexist_planets()) do
    if L.te_coexisting(p, pl) and not have[pl] then out[#out + 1] = pl end
  end
  return out
end

-- Coexisting structures are blockaded: p's production in s that comes
-- only from units on planets where p coexists builds no ships.
local base_blockaded = L.blockaded
function L.blockaded(p, s)
  if base_blockaded(p, s) then return true end
  local coex, free = false, false
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.def(p, u.kind).production then
      if u.planet and L.te_coexisting(p, u.planet) then coex = true else free = true end
    end
  end
  return coex and not free
end

---------------------------------------------------------------------------
-- Bombardment against coexisting units.
---------------------------------------------------------------------------
local function has_coexistence(pl) return #L.te_coexisting_players(pl) > 0 end

local base_bombard_planets = L.bombard_planets
function L.bombard_planets(p, s, ctx)
  local base = base_bombard_planets(p, s, ctx)
  local listed = {}
  for _, pl in ipairs(base) do listed[pl] = true end
  local out = {}
  for _, pl in ipairs(game.planets_of(s)) do
    if listed[pl] then
      out[#out + 1] = pl
    elseif game.planet_owner(pl) == p and has_coexistence(pl) and #others_on(p, pl) > 0 then
      out[#out + 1] = pl
    end
  end
  return out
end

local function sorted_others(p, pl)
  local out = others_on(p, pl)
  table.sort(out)
  return out
end

local base_bombard_choices = L.bombard_choices
function L.bombard_choices(p, pl, ctx)
  if not has_coexistence(pl) then return base_bombard_choices(p, pl, ctx) end
  local others = sorted_others(p, pl)
  if #others <= 1 then return { pl } end
  local out = {}
  for _, q in ipairs(others) do out[#out + 1] = pl .. "@" .. L.pn(q) end
  return out
end

local base_bombard_victim = L.bombard_victim
function L.bombard_victim(p, choice, ctx)
  local pl, q = choice:match("^(.+)@p(%d+)$")
  if pl then return pl, tonumber(q) end
  if not has_coexistence(choice) then return base_bombard_victim(p, choice, ctx) end
  return choice, sorted_others(p, choice)[1]
end

---------------------------------------------------------------------------
-- Committing ground forces and ground combat.
---------------------------------------------------------------------------
local base_opponents = L.ground_combat_opponents
function L.ground_combat_opponents(p, pl, ctx)
  local theirs = base_opponents(p, pl, ctx)
  if not has_coexistence(pl) then return theirs end
  local out = {}
  for _, u in ipairs(theirs) do
    if ctx and ctx.te_engage then
      if u.owner == ctx.te_engage then out[#out + 1] = u end
    elseif not L.te_coexisting(u.owner, pl) then
      out[#out + 1] = u
    end
  end
  return out
end

local base_control_removes = L.control_removes
function L.control_removes(p, pl, ctx)
  local out = {}
  for _, u in ipairs(base_control_removes(p, pl, ctx)) do
    if not L.te_coexisting(u.owner, pl) then out[#out + 1] = u end
  end
  return out
end

local function index_of(list, x)
  for i, y in ipairs(list) do if y == x then return i end end
  return nil
end

local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  local p, s = ctx.player, ctx.system
  local before = {}
  for _, pl in ipairs(game.planets_of(s)) do before[pl] = #L.ground(p, pl) end
  local r = base_commit(ctx)
  for _, pl in ipairs(game.planets_of(s)) do
    local landed = #L.ground(p, pl) > before[pl]
    for _, l in ipairs(ctx.landings or {}) do if l.planet == pl then landed = true end end
    local i = index_of(ctx.targets, pl)
    if L.te_coexisting(p, pl) then
      -- The coexisting player may end it: a ground combat for the planet.
      local pick = game.choose(p, { key = "te.end_coexistence", planet = L.name("planets", pl), planet_id = pl }, { "no", "yes" })
      if pick == "yes" then
        L.te_end_coexisting(p, pl)
        if not i then table.insert(ctx.targets, pl) end
      elseif i then
        table.remove(ctx.targets, i)
      end
    elseif landed and not i and game.planet_owner(pl) == p and has_coexistence(pl) then
      -- Landing on one's own planet where others coexist: they may be engaged.
      table.insert(ctx.targets, pl)
    end
  end
  return r
end)

-- Coexisting units are not in the fight when ground forces are committed:
-- they fire no space cannon defense.
local base_scd_units = L.space_cannon_defense_units
function L.space_cannon_defense_units(p, pl, ctx)
  local out = {}
  for _, u in ipairs(base_scd_units(p, pl, ctx)) do
    if not L.te_coexisting(u.owner, pl) then out[#out + 1] = u end
  end
  return out
end

-- After the combat against the planet's owner (won, or none to fight), the
-- active player may engage each coexisting player's units in turn.
local base_ground_combat = game.procedure_fn("ground_combat")
procedure("ground_combat", function(ctx)
  local r = base_ground_combat(ctx)
  if ctx.te_engage then return r end
  local p, pl = ctx.player, ctx.planet
  for _, q in ipairs(L.te_coexisting_players(pl)) do
    if q ~= p and #L.ground(p, pl) > 0 and #L.ground(q, pl) > 0 and #L.ground_combat_opponents(p, pl, ctx) == 0 then
      local pick = game.choose(p, { key = "te.engage_coexisting", q = L.pn(q), planet = L.name("planets", pl), planet_id = pl }, { "no", "yes" })
      if pick == "yes" then
        game.log({ key = "te.engages_coexisting", p = L.pn(p), q = L.pn(q), planet = L.name("planets", pl) })
        game.step("ground_combat", { player = p, active = ctx.active or p, system = ctx.system or game.planet_system(pl), planet = pl, te_engage = q })
      end
    end
  end
  return r
end)

-- Crash Landing needs the active system when a ship is destroyed.
game.on("after:activation", function(ctx)
  game.put("game", nil, "te_active_system", ctx.system)
end)
game.on("after:tactical_action", function(ctx)
  game.put("game", nil, "te_active_system", nil)
end)

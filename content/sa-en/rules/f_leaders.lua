-- Shattered Ascension v4.5 (seed 000, Appendix I "LEADERS"). Leaders are in
-- every game (leaders.yaml makes ti3's option `leaders` default on); this
-- file changes what SA changes in ti3's leader rules (rules/options_a.lua of
-- ti3, whose functions live in game.lib.opta and are replaced here by name).
--
--   * Movement: leaders ride on ships using no capacity (ti3), land with
--     ground units (ti3), and between the steps of his own turn a player may
--     move his leaders (and the captives he holds) within a system with no
--     enemy ships, between his planets and ships there (F.relocate, offered
--     as each of his turns starts: our reading of "between the steps").
--     Transit Diodes and Shuttle Logistics, which move ground forces, move
--     leaders too (rules/p_leader_movers.lua).
--   * Generals: attacking or defending, their army gets +1 in invasion combat
--     and up to two re-rolls each round (the same die may be re-rolled
--     twice); bombardment against their planet rolls at -3. (One general's
--     effect per army; more generals do not add up: later SA rulebook.)
--   * Admirals: no longer stop enemy retreats; a fleet with an admiral
--     retreats without the command counter cost (rules/e_retreat.lua). They
--     keep their extra die and the dreadnought's extra move (ti3).
--   * Agents: may cancel an action card whose effect takes place in their
--     system (the card's effect location, rules/g_cards.lua), not again
--     this round or the next, and
--     without being lost. Enemy fate rolls after a space battle or invasion
--     combat won by a side whose agent took part are captures. Agents keep
--     the TI3 invasion abilities (PDS silent, PDS and docks captured).
--   * Diplomats: an objection stops the whole landing and every bombardment
--     of the planet; the invader may overturn it for 6 influence, and the
--     diplomat escapes. Not on the same planet this round or the next (later
--     SA). Fleets may pass each other through a diplomat's fleet if its
--     owners agree (ti3); a defending fleet in a system with a diplomat may
--     retreat before the battle if the attacker agrees (e_retreat.lua).
--   * Scientists: no longer stop war sun bombardment; with a PDS on their
--     planet they cancel one more bombardment hit; a space dock on their
--     planet costs 3; when a technology is researched, a scientist on a ready
--     planet with a technology specialty may exhaust it to skip one
--     prerequisite of that colour. PDS on their planet still get +1 (ti3,
--     later SA "Ballistics").
--   * Fate rolls: when a ship or planet holding a leader is lost (or changes
--     hands), or the leader was part of a failed invasion, the leader leaves
--     the board and rolls at the end of the action: 1 killed, 2-7 captured
--     (only if an enemy controls the planet or space where it was: the
--     player who owns the planet, or the only player with ships in the
--     system; else it escapes), 8-10 escapes. An escaped leader is placed by
--     its owner on any of his planets or ships.
--   * Captives stay on the board, held by the captor (the unit is his, with
--     unit prop sa_captive = its owner); they have no abilities and move only
--     with the captor. In the status phase the captor may free a captive (it
--     escapes) or execute it (it is killed, and he exhausts a planet or gives
--     up control of one). A captive that its own owner would capture escapes.
local L = game.lib
local A = L.opta
local U = L.sa_units
local R = L.sa_retreat
local F = {}
L.sa_leaders = F

local function pn(p) return L.pn(p) end
local function pname(pl) return L.name("planets", pl) end
local function round_no() return game.get("game", nil, "round") or 0 end
local function rules() return (game.data.sa_leader_rules or {}).rules or {} end

local function records() return A.records() end
local function save(list) game.put("game", nil, "se_leaders", list) end
local function lname(rec) return pn(rec.owner) .. " " .. rec.type .. " " .. rec.name end

---------------------------------------------------------------------------
-- Where leaders are.

-- The unit of a record, whoever holds it.
function F.unit_of(rec)
  if not rec.unit or not game.unit_exists(rec.unit) then return nil end
  for _, u in ipairs(game.units { kind = "leader_" .. rec.type }) do
    if u.id == rec.unit then return u end
  end
  return nil
end

-- Who moves the leader: its owner, or its captor.
function F.holder(rec) return rec.status == "captive" and rec.captor or rec.owner end

local function free_units(list)
  local out = {}
  for _, u in ipairs(list) do
    if not game.get("unit", u.id, "sa_captive") then out[#out + 1] = u end
  end
  return out
end

-- ti3's hooks: captives ride with (and are moved by) their captor, and have
-- no abilities.
A.unit_of = F.unit_of
A.holder = F.holder
function A.in_play(rec) return rec.status == "board" or rec.status == "captive" end
A.able = free_units

-- p's own (not captive) leaders of type t on planet pl; ships carrying them.
F.at = A.on_planet
F.ship_carries = A.ship_carries
F.fleet_has = A.fleet_has

-- Seed 000 (Artifacts): a scientist doubles what an artifact takes off a
-- technology's cost when it stands on that planet or in that planet's space
-- system (on p's ship there). h_tech.lua asks (a specialty planet's discount
-- needs the scientist on the planet itself, as in ti3).
function L.sa_scientist_at(p, pl)
  if #F.at(p, pl, "scientist") > 0 then return true end
  local s = game.planet_system(pl)
  return s ~= nil and F.fleet_has(p, s, "scientist")
end

-- p's own leaders of type t in system s (on planets or aboard ships).
function F.in_system(p, s, t)
  return free_units(game.units { system = s, owner = p, kind = "leader_" .. t })
end

-- ti3's lookup of leaders on a planet: generals are SA's (F.at): ti3's
-- general rules (bombardment -4, defence only +1, attack only re-rolls) read
-- A.on_planet and must find none.
function A.on_planet(p, pl, t)
  if t == "general" then return {} end
  return F.at(p, pl, t)
end

---------------------------------------------------------------------------
-- Fate rolls.
local function queue() return game.get("game", nil, "sa_fate") or {} end

-- Takes the leader off the board; its fate roll waits for the end of the
-- action. `where` = {planet=} or {system=}; battle = the battle it was lost in.
function F.lose(list, i, where, why)
  local rec = list[i]
  if rec.unit and game.unit_exists(rec.unit) then game.remove_unit(rec.unit) end
  rec.unit, rec.ship = nil, nil
  rec.fate_from = rec.status
  rec.status = "fate"
  local q = queue()
  q[#q + 1] = { i = i, planet = where.planet, system = where.system or (where.planet and game.planet_system(where.planet)), battle = where.battle, agent_for = where.agent_for }
  game.put("game", nil, "sa_fate", q)
  game.log({ key = rec.fate_from == "captive" and "sa.captive_leader_lost" or "sa.leader_lost", leader = lname(rec), why = why or "?" })
end

-- The player who controls the planet or the space where a leader was.
function F.controller(e)
  if e.planet then return game.planet_owner(e.planet) end
  if not e.system then return nil end
  local who
  for _, u in ipairs(game.units { system = e.system, space = true }) do
    if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then
      if who and who ~= u.owner then return nil end
      who = u.owner
    end
  end
  return who
end

-- The places p may put a leader: his planets, then his ships (not fighters).
local function places(p, except)
  local opts = {}
  local pls = game.planets_owned(p)
  table.sort(pls)
  for _, pl in ipairs(pls) do if pl ~= except then opts[#opts + 1] = pl end end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    local d = u.carried == nil and L.def(p, u.kind)
    if d and d.class == "ship" and d.type ~= "fighter" then opts[#opts + 1] = u.kind .. "#" .. u.id end
  end
  return opts
end

local function put(rec, holder, where, captive_of)
  local loc
  local id = tonumber(where:match("#(%d+)$") or "")
  if id then loc = { carried = id } else loc = { planet = where } end
  rec.unit = game.spawn("leader_" .. rec.type, holder, loc)
  if captive_of then game.put("unit", rec.unit, "sa_captive", captive_of) end
  rec.ship = id
  rec.planet = (not id) and where or nil
  local u = F.unit_of(rec)
  rec.system = u and u.system or nil
end

-- (A.kill is ti3's.)

-- Escape: the owner places the leader on one of his planets or ships.
function A.escape(rec, why, except, verb)
  if rec.unit and game.unit_exists(rec.unit) then game.remove_unit(rec.unit) end
  rec.unit = nil
  local opts = places(rec.owner, except)
  if #opts == 0 then return A.kill(rec, (why and (why .. ", ") or "") .. "no planet or ship to go to") end
  local where = game.choose(rec.owner, { key = "sa.place_leader", name = rec.name, type = rec.type }, A.leader_place_choices(rec, opts))
  put(rec, rec.owner, where)
  rec.status, rec.captor = "board", nil
  local to = game.data.planets[where] and pname(where) or where
  if why then
    game.log({ key = "sa.leader_goes_why", leader = lname(rec), verb = verb or "escapes", place = to, why = why })
  else
    game.log({ key = "sa.leader_goes", leader = lname(rec), verb = verb or "escapes", place = to })
  end
end

-- Captured by q where it was: on that planet, or aboard one of q's ships in
-- that system (any of q's places if neither).
function A.capture(rec, q, why, e)
  if rec.unit and game.unit_exists(rec.unit) then game.remove_unit(rec.unit) end
  rec.unit = nil
  if q == rec.owner then return A.escape(rec, why) end
  local where
  if e and e.planet and game.planet_owner(e.planet) == q then where = e.planet end
  if not where and e and e.system then
    for _, u in ipairs(L.ships(q, e.system)) do
      if not where and L.def(q, u.kind).type ~= "fighter" then where = u.kind .. "#" .. u.id end
    end
    for _, u in ipairs(L.ships(q, e.system)) do
      if not where then where = u.kind .. "#" .. u.id end
    end
  end
  if not where then
    local opts = places(q)
    if #opts == 0 then return A.kill(rec, "nowhere to hold it") end
    where = opts[1]
  end
  put(rec, q, where, rec.owner)
  rec.status, rec.captor = "captive", q
  if why then
    game.log({ key = "sa.leader_captured_why", leader = lname(rec), q = pn(q), why = why })
  else
    game.log({ key = "sa.leader_captured", leader = lname(rec), q = pn(q) })
  end
end

-- Resolves the waiting fate rolls (end of the action).
function F.flush()
  local q = queue()
  if #q == 0 then return end
  game.put("game", nil, "sa_fate", {})
  local list = records()
  local r = rules()
  local kmax, cmax = r.fate_killed_max or 1, r.fate_captured_max or 7
  for _, e in ipairs(q) do
    local rec = list[e.i]
    if rec and rec.status == "fate" then
      local c = F.controller(e)
      local enemy = (c and c ~= rec.owner) and c or nil
      local forced = false
      if enemy then
        if e.agent_for == enemy then forced = true end
        local b = e.battle and game.get("game", nil, "sa_battle:" .. e.battle)
        if b and b.agent and b.winner == enemy then forced = true end
      end
      if forced then
        A.capture(rec, enemy, "an agent of " .. pn(enemy) .. " took part in the battle", e)
      else
        local table_ = (kmax == 1 and "1" or ("1-" .. kmax)) .. " killed, " .. (kmax + 1) .. "-" .. cmax .. " captured, " .. (cmax + 1) .. "-10 escapes"
        local _, rolls = game.roll({ key = "sa.roll_fate", leader = lname(rec), table = table_ }, 1, cmax + 1)
        local d = rolls[1]
        if d <= kmax then
          A.kill(rec, "rolled " .. d)
        elseif d <= cmax and enemy then
          A.capture(rec, enemy, "rolled " .. d, e)
        else
          A.escape(rec, "rolled " .. d .. ((d <= cmax) and ", no enemy holds the place" or ""), e.planet)
        end
      end
    end
  end
  save(list)
end

-- A surrendered player's leaders leave the game at the end of the round
-- (seed 000 appendix 2 "Surrender", step 2; 001 "Rendición", step 1: all his
-- leaders): each record is marked removed (no fate roll; A.sync and the
-- fate queue pass it over) and its unit leaves the board; log(u) is called
-- for each unit before it goes. UNCERTAIN (neither rulebook says): his
-- leaders held captive by other players leave the game too, and the
-- captives he holds go free (they escape to their owners, who place them).
function F.withdraw(p, log)
  local list, changed = records(), false
  for _, rec in ipairs(list) do
    if rec.owner == p and (rec.status == "board" or rec.status == "captive" or rec.status == "fate") then
      local u = F.unit_of(rec)
      if u then
        log(u)
        game.remove_unit(u.id)
      end
      rec.unit, rec.ship, rec.planet, rec.system = nil, nil, nil, nil
      rec.status, rec.captor, rec.fate_from = "removed", nil, nil
      changed = true
    end
  end
  for _, rec in ipairs(list) do
    if rec.status == "captive" and rec.captor == p then
      A.escape(rec, "its captor " .. pn(p) .. " surrendered", nil, "is freed and goes")
      changed = true
    end
  end
  if changed then save(list) end
end

-- Keeps the records true to the board (ti3's A.sync, SA fates): a leader
-- whose unit is gone, or whose planet changed hands, is lost.
function A.sync()
  local list, changed = records(), false
  for i, rec in ipairs(list) do
    if rec.status == "board" or rec.status == "captive" then
      local holder = F.holder(rec)
      local u = F.unit_of(rec)
      if not u then
        changed = true
        rec.unit = nil
        F.lose(list, i, { planet = rec.planet, system = rec.system }, rec.ship and "its ship is gone" or "it left the board")
      elseif u.planet then
        -- (A leader beside its army on a planet not yet taken is invading.)
        local owner = game.planet_owner(u.planet)
        if owner ~= holder and #L.ground(holder, u.planet) == 0 then
          changed = true
          F.lose(list, i, { planet = u.planet }, pname(u.planet) .. " changed hands")
        elseif owner ~= holder then
          -- left as it is
        elseif rec.ship or rec.planet ~= u.planet or rec.system ~= u.system then
          rec.ship, rec.planet, rec.system = nil, u.planet, u.system
          changed = true
        end
      elseif u.carried then
        if rec.ship ~= u.carried or rec.planet or rec.system ~= u.system then
          rec.ship, rec.planet, rec.system = u.carried, nil, u.system
          changed = true
        end
      else
        local ship
        for _, sh in ipairs(L.ships(holder, u.system)) do
          if L.def(holder, sh.kind).type ~= "fighter" and not ship then ship = sh end
        end
        changed = true
        if ship then
          game.move_unit(u.id, { carried = ship.id })
          rec.ship, rec.planet, rec.system = ship.id, nil, u.system
        else
          F.lose(list, i, { system = u.system }, "left alone in space")
        end
      end
    end
  end
  if changed then save(list) end
end

-- A ship carrying leaders was destroyed (the kernel removed them with it;
-- ti3's A.on_unit_destroyed finds them): no roll yet.
function A.ship_lost(list, i, ctx)
  F.lose(list, i, { system = ctx.system or list[i].system, battle = F.battle and F.battle.id }, "its ship was destroyed")
end

---------------------------------------------------------------------------
-- Invasions (called by ti3's establish_control wrapper before control
-- changes hands).
function A.invasion_outcome(p, pl, prev, won)
  local list, changed = records(), false
  if not won then
    local agent = prev and prev ~= p and #F.at(prev, pl, "agent") > 0 and prev or nil
    for i, rec in ipairs(list) do
      local u = (rec.status == "board" or rec.status == "captive") and F.holder(rec) == p and F.unit_of(rec)
      if u and u.planet == pl then
        changed = true
        F.lose(list, i, { planet = pl, agent_for = agent }, "the invasion of " .. pname(pl) .. " failed")
      end
    end
  else
    local agent = #F.at(p, pl, "agent") > 0 and p or nil
    for i, rec in ipairs(list) do
      local u = (rec.status == "board" or rec.status == "captive") and F.holder(rec) ~= p and F.unit_of(rec)
      if u and u.planet == pl then
        changed = true
        F.lose(list, i, { planet = pl, agent_for = agent }, pname(pl) .. " is taken")
      end
    end
  end
  if changed then save(list) end
end

-- No TI3 rescue or hand-over of captives.
function A.after_conquest(p, prev) end

-- Agent with the invasion: the PDS and space docks are captured (ti3's
-- A.capture_structures, later SA "Infiltration"; without ti3's shock troops
-- option, SA shock troops capture as commandos: c_units.lua). A captured
-- space dock is exhausted (later SA rulebook).
function A.structure_captured(p, u, t)
  if t == "space_dock" and L.sa_exhaust_dock then L.sa_exhaust_dock(u.id) end
end

-- SA's Infiltration captures PDS and space docks only: a facility on the
-- planet is lost with it as usual (ti3's hook offers it to the invader).
function A.capturable_facility(p, pl) return nil end

---------------------------------------------------------------------------
-- Status phase: captives freed or executed.
function A.captives()
  A.sync()
  F.flush()
  local list, changed = records(), false
  for _, rec in ipairs(list) do
    if rec.status == "captive" then
      local q = rec.captor
      local pick = game.choose(q, { key = "sa.captive", leader = lname(rec) }, A.captive_choices(q, rec, { "keep", "free", "execute" }))
      if pick == "free" then
        changed = true
        A.escape(rec, "freed by " .. pn(q), nil, "is freed and goes")
      elseif pick == "execute" then
        changed = true
        A.kill(rec, "executed by " .. pn(q))
        F.execution_cost(q)
      end
    end
  end
  if changed then
    save(list)
    -- A planet given up for an execution may hold leaders: their fate rolls
    -- are made now, as the step ends, not when a turn ends next round.
    L.sa_settle_leader_fates()
  end
end

-- Leaders whose planet or ship was lost outside an action (a step of the
-- status or strategy phase) make their fate rolls at once: the board is
-- read again (A.sync) and the waiting rolls are made (F.flush).
function L.sa_settle_leader_fates()
  A.sync()
  F.flush()
end

-- Executing is paid with a planet (exhausted, or control of it lost; 000
-- l.206): a captor who controls no planet cannot pay and is not offered it.
local base_captive_choices = A.captive_choices
function A.captive_choices(q, rec, opts)
  local out = {}
  local can_pay = #game.planets_owned(q) > 0
  for _, o in ipairs(base_captive_choices(q, rec, opts)) do
    if o ~= "execute" or can_pay then out[#out + 1] = o end
  end
  return out
end

-- The executioner exhausts one of his planets or loses control of one.
function F.execution_cost(q)
  local opts = {}
  local pls = game.planets_owned(q)
  table.sort(pls)
  for _, pl in ipairs(pls) do if not game.exhausted(pl) then opts[#opts + 1] = "exhaust " .. pl end end
  if rules().execution_may_lose_planet ~= false then
    for _, pl in ipairs(pls) do opts[#opts + 1] = "lose " .. pl end
  end
  if #opts == 0 then return end
  local pick = game.choose(q, { key = "sa.execution_planet" }, opts)
  local what, pl = pick:match("^(%a+) (.+)$")
  if what == "exhaust" then
    game.exhaust(pl, true)
    game.log({ key = "sa.execution_exhausts", p = pn(q), planet = pname(pl) })
  else
    game.set_owner(pl, nil)
    game.log({ key = "sa.execution_loses", p = pn(q), planet = pname(pl) })
  end
end

---------------------------------------------------------------------------
-- Combat.

-- Admirals no longer keep enemy fleets from retreating.
function A.on_retreat_announced(ctx) end

-- General with an army (attacking or defending): +1 to its ground units.
function A.on_round_start(ctx)
  if not ctx.ground or not ctx.planet then return end
  local bonus = rules().general_combat_bonus or 1
  for _, q in ipairs({ ctx.attacker, ctx.defender }) do
    if q and ctx.mods[q] and #F.at(q, ctx.planet, "general") > 0 then
      ctx.mods[q].all = (ctx.mods[q].all or 0) + bonus
      game.log({ key = "sa.general_ground_bonus", p = pn(q), planet = pname(ctx.planet), n = bonus })
    end
  end
end

-- After a combat roll (ti3's A.on_rolled): an admiral's ship rolls one more
-- die (ti3); a general with the army, attacking or defending, re-rolls up to
-- two missed dice (the same die twice if need be).
function A.general_rerolls(ctx)
  local p = ctx.player
  if #F.at(p, ctx.planet, "general") > 0 then
    local picked = {}
    for _ = 1, rules().general_rerolls or 2 do
      local opts = { "none" }
      for gi, g in ipairs(ctx.groups or {}) do
        for j, r in ipairs(g.rolls or {}) do
          if r < g.target then opts[#opts + 1] = g.kind .. ":" .. gi .. ":" .. j .. " (" .. r .. ")" end
        end
      end
      if #opts == 1 then break end
      local pick = game.choose(p, { key = "sa.general_reroll" }, A.general_reroll_choices(ctx, opts, picked))
      if pick == "none" then break end
      picked[#picked + 1] = pick
      local gi, j = pick:match("^[%w_]+:(%d+):(%d+)")
      local g = ctx.groups[tonumber(gi)]
      local h, rolls = game.roll({ key = "sa.roll_general_reroll", p = pn(p), unit = g.kind }, 1, g.target)
      g.rolls[tonumber(j)] = rolls[1]
      ctx.hits = ctx.hits + h
    end
  end
end

-- Bombardment against a planet with a general.
function U.bombard_penalty(owner, pl)
  if #F.at(owner, pl, "general") > 0 then
    local n = rules().general_bombardment_penalty or 3
    game.log({ key = "sa.general_bombard_penalty", p = pn(owner), planet = pname(pl), n = n })
    return n
  end
  return 0
end

-- Scientist with a PDS: one more bombardment hit cancelled.
function U.extra_absorb(owner, pl, pds)
  if (pds or 0) > 0 and #F.at(owner, pl, "scientist") > 0 then return rules().scientist_extra_absorb or 1 end
  return 0
end

-- Battles: which agents took part, and who won (for fate rolls).
F.battle = nil
local base_space_combat = game.procedure_fn("space_combat")
procedure("space_combat", function(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or (a and s and L.enemies_in(a, s)[1])
  if not a or not s or not d then return base_space_combat(ctx) end
  local id = (game.get("game", nil, "sa_battles") or 0) + 1
  game.put("game", nil, "sa_battles", id)
  local agents = { [a] = F.fleet_has(a, s, "agent"), [d] = F.fleet_has(d, s, "agent") }
  local prev = F.battle
  F.battle = { id = id }
  local res = table.pack(pcall(base_space_combat, ctx))
  F.battle = prev
  if not res[1] then error(res[2], 0) end
  local w = ctx.winner
  game.put("game", nil, "sa_battle:" .. id, { winner = w, agent = w and agents[w] or false })
  return table.unpack(res, 2, res.n)
end)

---------------------------------------------------------------------------
-- Retreats: admirals and diplomats.
function R.free_retreat(p, s) return F.fleet_has(p, s, "admiral") end

function R.ceasefire_possible(a, d, s)
  return #F.in_system(a, s, "diplomat") > 0 or #F.in_system(d, s, "diplomat") > 0
end

---------------------------------------------------------------------------
-- Diplomats: objection to a landing or a bombardment.
-- Returns true when p may not land on or bombard pl this round. `silent`:
-- only an objection already made counts (nobody is asked).
function F.objection(p, pl, silent)
  local o, r, st = A.diplomat_state(p, pl)
  if st == "barred" then return true end
  if st or silent then return false end
  local dips = F.at(o, pl, "diplomat")
  if #dips == 0 then return false end
  if game.choose(o, { key = "sa.diplomat_object", planet = pname(pl), id = pl, q = pn(p) }, { "yes", "no" }) ~= "yes" then return false end
  game.put("planet", pl, "se_diplomat_round", r)
  local cost = rules().diplomat_overturn_influence or 6
  game.log({ key = "sa.diplomat_objects", p = pn(o), q = pn(p), planet = pname(pl) })
  if L.spendable(p, "influence") >= cost
    and game.choose(p, { key = "sa.overturn_objection", planet = pname(pl), id = pl, n = cost }, { "yes", "no" }) == "yes" then
    L.pay(p, cost, "influence")
    game.log({ key = "sa.overturns_objection", p = pn(p) })
    local list = records()
    for _, rec in ipairs(list) do
      if rec.status == "board" and rec.unit == dips[1].id then
        A.escape(rec, "its objection was overturned", pl)
      end
    end
    save(list)
    return false
  end
  game.put("planet", pl, "se_diplomat_block", r .. ":" .. p)
  game.log({ key = "sa.diplomat_stops", p = pn(o), q = pn(p), planet = pname(pl) })
  return true
end

function A.diplomat_check(p, pl, n)
  if F.objection(p, pl) then return 0 end
  return n
end

function U.may_bombard(p, pl, silent) return not F.objection(p, pl, silent) end

---------------------------------------------------------------------------
-- Agents: sabotage where the card takes effect.

-- Whether an agent of q in system s may cancel the card: the effect
-- location of the card (rules/g_cards.lua: L.sa_agent_may_sabotage); a card
-- whose location cannot be told takes effect in the system activated in the
-- current tactical action (none outside one).
local function at_location(card, q, s)
  if L.sa_agent_may_sabotage then
    local r = L.sa_agent_may_sabotage(card, (L.sa_card_in_play()), q, s)
    if r ~= nil then return r end
  end
  return s ~= nil and s == game.get("game", nil, "sa_active_system")
end

function A.on_action_card(ctx)
  local r = round_no()
  local rest = rules().agent_rest_rounds or 1
  local list = records()
  for _, q in ipairs(L.order_from(ctx.player)) do
    if q ~= ctx.player then
      for _, rec in ipairs(list) do
        local u = rec.status == "board" and rec.owner == q and rec.type == "agent" and F.unit_of(rec)
        local rested = not rec.sabotaged or r > rec.sabotaged + rest
        if u and rested and at_location(ctx.card, q, u.system) then
          if game.choose(q, { key = "sa.agent_cancel", name = rec.name, card = L.name("action_cards", ctx.card), id = ctx.card }, { "no", "yes" }) == "yes" then
            rec.sabotaged = r
            save(list)
            game.log({ key = "sa.agent_sabotages", leader = lname(rec), card = L.name("action_cards", ctx.card) })
            ctx.cancel = true
            return
          end
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Scientists: space docks and research.

-- A space dock costs 3 where every planet it could go on has the player's
-- scientist (ti3's A.scientist_production, which makes it 2).
function A.scientist_dock_cost(t, d)
  local cost = rules().scientist_dock_cost or 3
  if (d.type or t) == "space_dock" and d.cost and d.cost ~= cost then return cost end
  return nil
end

-- Research: missing prerequisites covered by scientists on ready planets
-- with the matching specialty (one planet each).
local function scientist_planets(p)
  local out = {}
  local pls = L.ready_planets(p)
  table.sort(pls)
  for _, pl in ipairs(pls) do
    local spec = L.pdef(pl).specialty
    if spec and #F.at(p, pl, "scientist") > 0 then out[#out + 1] = { planet = pl, color = spec } end
  end
  return out
end

-- The planets to exhaust for technology id, or nil if scientists cannot help.
function F.eureka(p, id)
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return nil end
  local sci = scientist_planets(p)
  if #sci == 0 then return nil end
  local missing = {}
  for _, r in ipairs(d.requires or {}) do
    if not game.holds(p, "techs", r) then missing[#missing + 1] = { r } end
  end
  local any = d.requires_any or {}
  if #any > 0 then
    local ok = false
    for _, r in ipairs(any) do if game.holds(p, "techs", r) then ok = true end end
    if not ok then missing[#missing + 1] = any end
  end
  if #missing == 0 then return nil end
  local used, plan = {}, {}
  for _, alts in ipairs(missing) do
    local found
    for _, r in ipairs(alts) do
      local c = game.data.techs[r] and game.data.techs[r].color
      for _, x in ipairs(sci) do
        if not found and not used[x.planet] and x.color == c then found = x end
      end
    end
    if not found then return nil end
    used[found.planet] = true
    plan[#plan + 1] = found.planet
  end
  return plan
end

local base_can = L.can_research
function L.can_research(p, id)
  if base_can(p, id) then return true end
  local d = game.data.techs[id]
  if d and d.faction and d.faction ~= game.get("player", p, "faction") then return false end
  return F.eureka(p, id) ~= nil
end

local base_gain = L.gain_tech
function L.gain_tech(p, id)
  if type(p) == "number" and not base_can(p, id) then
    local plan = F.eureka(p, id)
    for _, pl in ipairs(plan or {}) do
      game.exhaust(pl, true)
      game.log({ key = "sa.scientist_skips", p = pn(p), planet = pname(pl), tech = L.name("techs", id) })
    end
  end
  return base_gain(p, id)
end

---------------------------------------------------------------------------
-- Movement: boarding and landing include the captives a player holds, and
-- leaders move within a system between the steps of their owner's turn.

-- Boarding before movement and landing (ti3's A.embark and A.land) take in
-- the captives a player holds through ti3's hooks (A.in_play, A.holder).

-- Diplomats' passage (ti3): a captive diplomat gives its captor's fleet no
-- passage. ti3 looks for the mover's diplomats by owner, so while it looks
-- the captives it holds are handed back to their owners.
local base_passage = A.diplomat_passage
if base_passage then
  function A.diplomat_passage(p, target, movers)
    local lent = {}
    for _, u in ipairs(game.units { owner = p, kind = "leader_diplomat" }) do
      local o = game.get("unit", u.id, "sa_captive")
      if o then lent[#lent + 1] = u.id; game.set_unit_owner(u.id, o) end
    end
    return U.guarded(function()
      for _, id in ipairs(lent) do if game.unit_exists(id) then game.set_unit_owner(id, p) end end
    end, base_passage, p, target, movers)
  end
end

-- The seed lets rival fleets move past each other in a system holding a
-- diplomat, as long as every party concerned consents: besides ti3's passage for
-- the mover's own diplomat, ships may move through a system whose other
-- players' ships share it with any diplomat (not a captive), if each of
-- those players agrees. Asked once per player and destination in a turn,
-- and only when it lets a ship reach the destination.
local function diplomat_present(s)
  for _, u in ipairs(game.units { system = s, kind = "leader_diplomat" }) do
    if not game.get("unit", u.id, "sa_captive") then return true end
  end
  return false
end

-- hook: whether the players whose ships stop p's ships in system B may let
-- them through there (each is then asked); default: B holds a diplomat (not
-- a captive), whoever's it is.
function L.sa_diplomat_passage_open(p, B) return diplomat_present(B) end

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if type(p) ~= "number" or not rules or not rules.stop then return out end
  local open = {}
  for _, B in ipairs(rules.stop) do
    if B ~= target and L.sa_diplomat_passage_open(p, B) then open[#open + 1] = B end
  end
  if #open == 0 then return out end
  local have = {}
  for _, m in ipairs(out) do have[m.unit.id] = true end
  local function with_open(list)
    local keep = {}
    local set = {}
    for _, B in ipairs(list) do set[B] = true end
    for _, B in ipairs(rules.stop) do if not set[B] then keep[#keep + 1] = B end end
    local r2 = {}
    for k, v in pairs(rules) do r2[k] = v end
    r2.stop = keep
    return r2
  end
  -- Would opening them let another ship arrive?
  local extra = {}
  for _, m in ipairs(base_movers(p, target, with_open(open))) do
    if not have[m.unit.id] then extra[#extra + 1] = m end
  end
  if #extra == 0 then return out end
  -- Only the systems on the way of such a ship matter.
  local r_open = with_open(open)
  local on_way = {}
  for _, B in ipairs(open) do
    for _, m in ipairs(extra) do
      local a = (m.unit.system == B) and 0 or game.move_cost(m.unit.system, B, r_open)
      local b = game.move_cost(B, target, r_open)
      if a and b and a + b <= L.move_value(p, m.unit, m.unit.system) then on_way[#on_way + 1] = B; break end
    end
  end
  open = on_way
  if #open == 0 then return out end
  local asked = game.get("game", nil, "sa_passage") or {}
  local key = p .. ":" .. target
  local perm = {}
  for k, v in pairs(asked[key] or {}) do perm[tonumber(k)] = v end
  local agreed = {}
  for _, B in ipairs(open) do
    local ok = true
    for _, q in ipairs(L.enemies_in(p, B)) do
      -- (A quiet question asks nobody: no answer yet is no passage.)
      if perm[q] == nil and rules.quiet then
        ok = false
      elseif perm[q] == nil then
        perm[q] = game.choose(q, { key = "sa.diplomat_passage", system = L.sysname(B), q = pn(p) }, { "no", "yes" }) == "yes"
        game.log({ key = perm[q] and "sa.diplomat_lets_pass" or "sa.diplomat_bars_pass", p = pn(q), q = pn(p) })
      end
      if not perm[q] then ok = false end
    end
    if ok then agreed[#agreed + 1] = B end
  end
  if not rules.quiet then
    local store = {}
    for q, v in pairs(perm) do store[tostring(q)] = v end
    asked[key] = store
    game.put("game", nil, "sa_passage", asked)
  end
  if #agreed == 0 then return out end
  for _, m in ipairs(base_movers(p, target, with_open(agreed))) do
    if not have[m.unit.id] then out[#out + 1] = m; have[m.unit.id] = true end
  end
  return out
end

-- Between the steps of his turn (offered as it starts): p moves leaders he
-- holds within systems without enemy ships.
-- (The records are read once: after a move, the list just saved is what
-- reading them again would give, so it is used as it is.)
function F.relocate(p)
  local moved = {}
  local list = records()
  for _ = 1, 12 do
    local opts = { "done" }
    for i, rec in ipairs(list) do
      local u = not moved[i] and (rec.status == "board" or rec.status == "captive") and F.holder(rec) == p and F.unit_of(rec)
      if u and #L.other_ships(p, u.system) == 0 then
        for _, pl in ipairs(game.planets_of(u.system)) do
          if game.planet_owner(pl) == p and pl ~= u.planet then opts[#opts + 1] = i .. ":" .. rec.type .. "->" .. pl end
        end
        for _, sh in ipairs(L.ships(p, u.system)) do
          if sh.id ~= u.carried and L.def(p, sh.kind).type ~= "fighter" then opts[#opts + 1] = i .. ":" .. rec.type .. "->" .. sh.kind .. "#" .. sh.id end
        end
      end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "sa.move_leader" }, opts)
    if pick == "done" then return end
    local i, where = pick:match("^(%d+):[%w_]+%->(.+)$")
    local rec = list[tonumber(i)]
    moved[tonumber(i)] = true
    local id = tonumber(where:match("#(%d+)$") or "")
    if id then
      game.move_unit(rec.unit, { carried = id })
      rec.ship, rec.planet = id, nil
    else
      game.move_unit(rec.unit, { planet = where })
      rec.ship, rec.planet = nil, where
    end
    save(list)
    game.log({ key = "sa.leader_moves", leader = lname(rec), place = id and where or pname(where) })
  end
end

function F.on_turn_start(ctx)
  if ctx.player then F.relocate(ctx.player) end
end

function F.on_turn_end(ctx)
  game.put("game", nil, "sa_passage", nil)
  A.sync()
  F.flush()
end

---------------------------------------------------------------------------
-- Setup: the game holds the leader rules of leaders.yaml.
local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  local r = base_setup(args)
  for _, id in ipairs(game.keys(game.data.sa_leader_rules or {})) do game.grant("game", "sa_leader_rules", id) end
  return r
end)

-- Shattered Empire optional rules (part A): leaders, shock troops, sabotage
-- runs, tactical retreats, the custodians of Mecatol Rex, the Voice of the
-- Council's vote bonus and the home-world rules.
-- Data and sources: options_a.yaml.
--
-- Hooking in: this file wraps `setup` (defined by game.lua, loaded before
-- it). Everything else is wrapped when setup starts (A.install), so the wraps
-- sit on top of whatever the other rules files (some load after this one)
-- define. Each rule checks its option (game.options.<id>) when it runs.
--
-- The TI3 and SE rulebooks are not in the public sources. Rules marked
-- UNCERTAIN are our memory of them or a third-party summary (see the yaml);
-- "SA" marks rules taken from the Shattered Ascension rulebook where the
-- TI3/SE sources are silent.
local L = game.lib
local A = {}
L.opta = A

local function opt(id) return game.options[id] end
local function round_no() return game.get("game", nil, "round") or 0 end
local function pn(p) return L.pn(p) end
local function pname(pl) return L.name("planets", pl) end

local function is_leader(kind) return type(kind) == "string" and kind:sub(1, 7) == "leader_" end

-- One d10, logged; returns the die.
local function d10(label, target)
  local _, rolls = game.roll(label, 1, target or 6)
  return rolls[1]
end

---------------------------------------------------------------------------
-- LEADERS (TI3 optional rule; SE adds leaders for its races).
-- Sources: leader types and names from the race data (leaders.txt); abilities
-- from ebonical's modifiers and third-party summaries of the TI3 rulebook
-- (fandom "Leaders (Third Edition)", a TI3 reference sheet); see the yaml.
--
-- A leader is a unit (kind leader_<type>) on a planet or carried by a ship
-- (carried = the ship's id: it moves with the ship and uses no capacity).
-- The game prop se_leaders keeps every leader's record, so that leaders who
-- are off the board (captive, dead) and leaders lost with their ships are
-- known: {owner, type, name, unit, ship, status = board|captive|dead, captor}.

function A.records() return game.get("game", nil, "se_leaders") or {} end
local function save(list) game.put("game", nil, "se_leaders", list) end

local function lname(rec) return pn(rec.owner) .. " " .. rec.type .. " " .. rec.name end

local function leader_unit(rec)
  if not rec.unit then return nil end
  for _, u in ipairs(game.units { owner = rec.owner, kind = "leader_" .. rec.type }) do
    if u.id == rec.unit then return u end
  end
  return nil
end

-- Hook points for a variant (looked up each time they are used):
--   A.unit_of(rec)  the record's unit on the board, or nil;
--   A.in_play(rec)  whether the record's leader is on the board for its
--                   holder to move (here: not captive, not dead);
--   A.holder(rec)   the player who moves it;
--   A.able(units)   of some leader units, those whose abilities count.
A.unit_of = leader_unit
function A.in_play(rec) return rec.status == "board" end
function A.holder(rec) return rec.owner end
function A.able(units) return units end

-- p's leaders of type t on planet pl (units).
function A.on_planet(p, pl, t)
  if not p then return {} end
  return A.able(game.units { planet = pl, owner = p, kind = "leader_" .. t })
end

function A.ship_carries(ship, t)
  return #A.able(game.units { carried = ship, kind = "leader_" .. t }) > 0
end

-- Whether p has a ship in s carrying a leader of type t.
function A.fleet_has(p, s, t)
  for _, u in ipairs(L.ships(p, s)) do
    if A.ship_carries(u.id, t) then return true end
  end
  return false
end

local function set_fate(rec, status, captor)
  if rec.unit and game.unit_exists(rec.unit) then game.remove_unit(rec.unit) end
  rec.unit, rec.ship, rec.planet = nil, nil, nil
  rec.status, rec.captor = status, captor
end

function A.kill(rec, why)
  set_fate(rec, "dead")
  game.log({ key = why and "ti3.leader_killed_why" or "ti3.leader_killed", leader = lname(rec), why = why })
end

function A.capture(rec, q, why)
  set_fate(rec, "captive", q)
  game.log({ key = why and "ti3.leader_captured_why" or "ti3.leader_captured", leader = lname(rec), q = pn(q), why = why })
end

-- hook: the places offered to the owner of leader `rec` as it escapes or is freed (planets, or ships as "kind#id"); default: all of them.
function A.leader_place_choices(rec, opts) return opts end

-- hook: what captor q may do with captive leader `rec` in the status phase ("keep", "free", "execute", "give to pN"...); default: all of it.
function A.captive_choices(q, rec, opts) return opts end

-- hook: the missed dice a general may re-roll next ("kind:group:die (value)" and "none"), `picked` holding this roll's earlier picks; default: all of them.
function A.general_reroll_choices(ctx, opts, picked) return opts end

-- The leader goes to a friendly planet not under blockade, of its owner's
-- choice (not `except`); with none, it is killed.
function A.escape(rec, why, except, verb)
  local opts = {}
  for _, pl in ipairs(game.planets_owned(rec.owner)) do
    if pl ~= except and not L.blockaded(rec.owner, game.planet_system(pl)) then opts[#opts + 1] = pl end
  end
  table.sort(opts)
  if #opts == 0 then return A.kill(rec, (why and (why .. ", ") or "") .. "no friendly planet to go to") end
  local pl = game.choose(rec.owner, { key = "ti3.place_leader", name = rec.name, type = rec.type, id = rec.unit }, A.leader_place_choices(rec, opts))
  if rec.unit and game.unit_exists(rec.unit) then
    game.move_unit(rec.unit, { planet = pl })
  else
    rec.unit = game.spawn("leader_" .. rec.type, rec.owner, { planet = pl })
  end
  rec.ship, rec.status, rec.captor, rec.planet = nil, "board", nil, pl
  local k = (not verb and "ti3.leader_escapes") or (verb == "is freed" and "ti3.leader_freed") or "ti3.leader_goes"
  game.log({ key = why and (k .. "_why") or k, leader = lname(rec), verb = verb, planet = pname(pl), why = why })
end

-- Setup: each race's three leaders on its (first) home planet.
function A.place_leaders()
  local list = {}
  for p = 1, game.num_players() do
    local rid = game.get("player", p, "faction")
    local race = rid and game.data.races[rid]
    local names = ((game.data.se_leader_names_a or {})[rid] or {}).names or {}
    local home = L.home(p)
    local pl = home and game.planets_of(home)[1]
    for i, t in ipairs(race and race.leaders or {}) do
      if pl and game.data.units["leader_" .. t] then
        local id = game.spawn("leader_" .. t, p, { planet = pl })
        list[#list + 1] = { owner = p, type = t, name = names[i] or (t .. " " .. i), unit = id, planet = pl, status = "board" }
      end
    end
  end
  save(list)
end

-- Keeps the records true to the board: a leader whose unit is gone was lost
-- with its ship outside combat (killed); a leader on a planet its owner no
-- longer controls escapes (not an invasion: those are handled when they
-- happen); a leader left alone in space boards one of its owner's ships there.
function A.sync()
  if not opt("leaders") then return end
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    if rec.status == "board" then
      local u = leader_unit(rec)
      if not u then
        -- Removed with its planet lost (e.g. the planet went neutral): it
        -- escapes; removed otherwise (with its ship, say): it is killed.
        local pl = not rec.ship and rec.planet
        if pl and game.planet_owner(pl) ~= rec.owner then
          rec.unit = nil
          A.escape(rec, pname(pl) .. " was lost", pl)
        else
          A.kill(rec, rec.ship and "its ship is lost" or "removed from the board")
        end
        changed = true
      elseif u.planet then
        if game.planet_owner(u.planet) ~= rec.owner then
          A.escape(rec, "its planet changed hands", u.planet)
          changed = true
        elseif rec.ship or rec.planet ~= u.planet then
          rec.ship, rec.planet = nil, u.planet; changed = true
        end
      elseif u.carried then
        if rec.ship ~= u.carried or rec.planet then rec.ship, rec.planet = u.carried, nil; changed = true end
      else
        local ship
        for _, sh in ipairs(L.ships(rec.owner, u.system)) do
          if L.def(rec.owner, sh.kind).type ~= "fighter" and (not ship or sh.id == rec.ship) then ship = sh end
        end
        if ship then
          game.move_unit(u.id, { carried = ship.id })
          rec.ship, rec.planet = ship.id, nil
        else
          A.kill(rec, "left alone in space")
        end
        changed = true
      end
    end
  end
  if changed then save(list) end
end

-- A ship carrying leaders was destroyed (window unit_destroyed; the kernel
-- removed the carried leaders with it). Each rolls: 1-5 killed, 6-8 escapes,
-- 9-10 captured by the player who destroyed the ship (reference sheet).
function A.on_unit_destroyed(ctx)
  local list, changed = A.records(), false
  for i, rec in ipairs(list) do
    if A.in_play(rec) and rec.ship == ctx.unit and not (rec.unit and game.unit_exists(rec.unit)) then
      changed = true
      rec.unit = nil
      A.ship_lost(list, i, ctx)
    end
  end
  if changed then save(list) end
end

-- The roll for one leader (list[i]) whose ship was destroyed (a hook). Only
-- a ship lost in a space battle gives the roll; a leader whose ship is
-- destroyed at any other time (space cannon fire before the battle, a mine,
-- a card played outside a battle) is killed (reference sheet; the 2nd-edition
-- leader rules say the same).
function A.ship_lost(list, i, ctx)
  local rec = list[i]
  if not A.in_space_battle() then
    return A.kill(rec, "its ship was destroyed outside a space battle")
  end
  local r = d10({ key = "ti3.roll_leader_ship_destroyed", leader = lname(rec) })
  local src = ctx.source
  if r <= 5 then
    A.kill(rec, "rolled " .. r)
  elseif r >= 9 and type(src) == "number" and src ~= rec.owner then
    A.capture(rec, src, "rolled " .. r)
  else
    A.escape(rec, "rolled " .. r)
  end
end

-- Before movement, p's leaders in systems that ships are able to leave for
-- the active system may board one of those ships (or another ship there).
-- (2nd-edition wording of the leader rules, kept by TI3 as we recall it:
-- leaders move from a planet onto a ship, or between ships, in one system
-- before ships move. UNCERTAIN: only non-fighter ships carry leaders here.)
-- Leaders are those A.in_play whose A.holder is p, so a variant in which
-- captives ride with their captor moves them too (a captive admiral gives
-- no extra reach).
function A.embark(p, target, movers)
  local by_sys, seen = {}, {}
  local function add(u)
    if seen[u.id] then return end
    seen[u.id] = true
    by_sys[u.system] = by_sys[u.system] or {}
    table.insert(by_sys[u.system], u)
  end
  for _, m in ipairs(movers) do
    if L.def(p, m.unit.kind).type ~= "fighter" then add(m.unit) end
  end
  -- A dreadnought one system short reaches the active system with an admiral.
  local rules = L.move_rules(p, target)
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and u.system ~= target and not seen[u.id] and not game.has_token(u.system, "command", p)
      and L.def(p, u.kind).type == "dreadnought" and (L.def(p, u.kind).move or 0) > 0 then
      local c = game.move_cost(u.system, target, rules)
      if c and c <= L.move_value(p, u, u.system) + 1 then add(u); by_sys[u.system][#by_sys[u.system]].admiral_only = true end
    end
  end
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    if A.in_play(rec) and A.holder(rec) == p then
      local u = A.unit_of(rec)
      local ships = u and by_sys[u.system]
      if ships then
        local opts = { "stay" }
        for _, sh in ipairs(ships) do
          if sh.id ~= u.carried and ((rec.type == "admiral" and rec.status == "board") or not sh.admiral_only) then opts[#opts + 1] = sh.kind .. "#" .. sh.id end
        end
        if #opts > 1 then
          local pick = game.choose(p, { key = rec.status == "captive" and "ti3.captive_leader_boards" or "ti3.leader_boards_which", name = rec.name, type = rec.type, id = u.id }, opts)
          if pick ~= "stay" then
            local sid = tonumber(pick:match("#(%d+)$"))
            game.move_unit(u.id, { carried = sid })
            rec.ship, rec.planet = sid, nil
            changed = true
            game.log({ key = "ti3.leader_boards", leader = lname(rec), unit = pick })
          end
        end
      end
    end
  end
  if changed then save(list) end
end

-- Planetary landings: p's leaders aboard ships in the active system may land
-- on p's planets there and on planets p's ground forces have just landed on
-- (a leader lands on a neutral or enemy planet only with ground forces).
-- The leaders are chosen as in A.embark.
function A.land(ctx)
  local p, s = ctx.player, ctx.system
  local targets = {}
  for _, pl in ipairs(ctx.targets or {}) do
    if #L.ground(p, pl) > 0 then targets[pl] = true end
  end
  local opts = { "stay" }
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p or targets[pl] then opts[#opts + 1] = pl end
  end
  if #opts == 1 then return end
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    if A.in_play(rec) and A.holder(rec) == p then
      local u = A.unit_of(rec)
      if u and u.carried and u.system == s then
        local pick = game.choose(p, { key = "ti3.land_leader", name = rec.name, type = rec.type, id = u.id }, opts)
        if pick ~= "stay" then
          game.move_unit(u.id, { planet = pick })
          rec.ship, rec.planet = nil, pick
          changed = true
          game.log({ key = "ti3.leader_lands", leader = lname(rec), planet = pname(pick) })
        end
      end
    end
  end
  if changed then save(list) end
end

-- Invasion outcome (before control changes hands).
--   failed: the invader's leaders on the planet are captured by its owner,
--     or killed if the planet is neutral (reference sheet);
--   taken: each other leader on the planet rolls: 1-5 captured by the
--     invader, 6-9 escapes, 10 killed; then, if the loser holds captives,
--     the invader rolls: 9-10 frees one (his own) or takes it over.
function A.invasion_outcome(p, pl, prev, won)
  local list, changed = A.records(), false
  if not won then
    for _, rec in ipairs(list) do
      local u = rec.status == "board" and rec.owner == p and leader_unit(rec)
      if u and u.planet == pl then
        changed = true
        if prev and prev ~= p then A.capture(rec, prev, "the invasion of " .. pname(pl) .. " failed")
        else A.kill(rec, "the landing on " .. pname(pl) .. " failed") end
      end
    end
  else
    for _, rec in ipairs(list) do
      local u = rec.status == "board" and rec.owner ~= p and leader_unit(rec)
      if u and u.planet == pl then
        changed = true
        local r = d10({ key = "ti3.roll_leader_invaded", leader = lname(rec), planet = pname(pl) })
        if r <= 5 then A.capture(rec, p, "rolled " .. r)
        elseif r <= 9 then A.escape(rec, "rolled " .. r, pl)
        else A.kill(rec, "rolled " .. r) end
      end
    end
    if prev and prev ~= p then
      local held = {}
      for i, rec in ipairs(list) do
        if rec.status == "captive" and rec.captor == prev then held[#held + 1] = i end
      end
      if #held > 0 then
        changed = true
        local r = d10({ key = "ti3.roll_leader_rescue", p = pn(p), q = pn(prev) }, 9)
        if r >= 9 then
          local opts = {}
          for _, i in ipairs(held) do opts[#opts + 1] = tostring(i) .. ":" .. list[i].name .. "(" .. pn(list[i].owner) .. ")" end
          local pick = game.choose(p, { key = "ti3.rescue_which_leader" }, opts)
          local rec = list[tonumber(pick:match("^(%d+):"))]
          if rec.owner == p then
            A.escape(rec, "rescued", nil, "is freed")
          else
            rec.captor = p
            game.log({ key = "ti3.leader_now_held_by", leader = lname(rec), p = pn(p) })
          end
        end
      end
    end
  end
  if changed then save(list) end
end

-- After an invasion: a player who lost his last planet hands all his
-- captives to the invader (reference sheet).
function A.after_conquest(p, prev)
  if #game.planets_owned(prev) > 0 then return end
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    if rec.status == "captive" and rec.captor == prev then
      changed = true
      if rec.owner == p then A.escape(rec, pn(prev) .. " lost his last planet", nil, "is freed")
      else rec.captor = p; game.log({ key = "ti3.leader_now_held_by", leader = lname(rec), p = pn(p) }) end
    end
  end
  if changed then save(list) end
end

-- Status phase: the captor of each captive keeps it, frees it, executes it
-- or hands it to another player (reference sheet).
function A.captives()
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    if rec.status == "captive" then
      local q = rec.captor
      local opts = { "keep", "free", "execute" }
      for r = 1, game.num_players() do
        if r ~= q and r ~= rec.owner then opts[#opts + 1] = "give to " .. pn(r) end
      end
      local pick = game.choose(q, { key = "ti3.captive", leader = lname(rec) }, A.captive_choices(q, rec, opts))
      if pick == "free" then
        changed = true; A.escape(rec, "released by " .. pn(q), nil, "is freed")
      elseif pick == "execute" then
        changed = true; A.kill(rec, "executed by " .. pn(q))
      elseif pick ~= "keep" then
        changed = true
        rec.captor = tonumber(pick:match("p(%d+)$"))
        game.log({ key = "ti3.leader_handed", leader = lname(rec), q = pn(q), p = pn(rec.captor) })
      end
    end
  end
  if changed then save(list) end
end

-- Agent: may be sacrificed (killed) to cancel an action card another player
-- plays (UNCERTAIN: as with the Sabotage action card; captured agents cannot).
function A.on_action_card(ctx)
  local list = A.records()
  for _, q in ipairs(L.order_from(ctx.player)) do
    if q ~= ctx.player then
      for _, rec in ipairs(list) do
        if rec.status == "board" and rec.owner == q and rec.type == "agent" and leader_unit(rec) then
          if game.choose(q, { key = "ti3.sacrifice_agent", name = rec.name, card = L.name("action_cards", ctx.card), id = rec.unit }, { "no", "yes" }) == "yes" then
            A.kill(rec, "sacrificed to cancel " .. L.name("action_cards", ctx.card))
            save(list)
            ctx.cancel = true
            return
          end
          break
        end
      end
    end
  end
end

-- Admiral: a defending fleet attacked by a fleet with an admiral cannot
-- retreat unless it has an admiral too.
function A.on_retreat_announced(ctx)
  local p, s = ctx.player, ctx.system
  if p ~= ctx.defender then return end
  if A.fleet_has(ctx.attacker, s, "admiral") and not A.fleet_has(p, s, "admiral") then
    game.log({ key = "ti3.admiral_keeps_from_retreating", p = pn(ctx.attacker), q = pn(p) })
    ctx.cancel = true
  end
end

-- General defending a planet: its ground forces (and shock troops) get +1.
function A.on_round_start(ctx)
  if not ctx.ground or not ctx.defender or not ctx.planet then return end
  if #A.on_planet(ctx.defender, ctx.planet, "general") > 0 then
    local m = ctx.mods[ctx.defender]
    m.all = (m.all or 0) + 1
    game.log({ key = "ti3.general_defends", p = pn(ctx.defender), planet = pname(ctx.planet) })
  end
end

-- After a combat roll:
--   admiral: each ship carrying one rolls one more die in space combat;
--   general landed with the invader: up to two missed dice re-rolled.
function A.on_rolled(ctx)
  local p = ctx.player
  if not ctx.ground and ctx.label == "space combat" and ctx.system then
    for _, u in ipairs(L.ships(p, ctx.system)) do
      if A.ship_carries(u.id, "admiral") then
        for _, g in ipairs(ctx.groups or {}) do
          if g.kind == u.kind then
            local h = game.roll({ key = "ti3.roll_admiral_die", p = pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1, g.target)
            ctx.hits = ctx.hits + h
            break
          end
        end
      end
    end
  elseif ctx.ground and ctx.label == "ground combat" and ctx.planet then
    A.general_rerolls(ctx)
  end
end

-- The general's re-rolls after an invasion combat roll (a hook): here only
-- the invader's, up to two missed dice.
function A.general_rerolls(ctx)
  local p = ctx.player
  if p == ctx.active and #A.on_planet(p, ctx.planet, "general") > 0 then
    local left = 2
    for _, g in ipairs(ctx.groups or {}) do
      for j, r in ipairs(g.rolls or {}) do
        if left > 0 and r < g.target then
          if game.choose(p, { key = "ti3.general_reroll", unit = g.kind, n = r }, { "yes", "no" }) == "yes" then
            left = left - 1
            local h, rolls = game.roll({ key = "ti3.roll_general_reroll", p = pn(p), unit = g.kind }, 1, g.target)
            g.rolls[j] = rolls[1]
            ctx.hits = ctx.hits + h
          else
            left = 0
          end
        end
      end
    end
  end
end

-- Diplomat on a planet: when another player lands ground forces on it, the
-- owner may stop that invasion for the round (the forces stay aboard); the
-- planet may not be protected again by a diplomat that round or the next.
-- Where p lands on pl: returns the planet's owner o, the round r and
--   "none" when nobody else owns pl (o is nil),
--   "barred" when o's diplomat has already stopped p there this round,
--   "rested" when a diplomat protected pl this round or the last,
--   nil when o's diplomat there may object.
function A.diplomat_state(p, pl)
  local o = game.planet_owner(pl)
  if not o or o == p then return nil, nil, "none" end
  local r = round_no()
  if game.get("planet", pl, "se_diplomat_block") == r .. ":" .. p then return o, r, "barred" end
  local used = game.get("planet", pl, "se_diplomat_round")
  if used and (used == r or used == r - 1) then return o, r, "rested" end
  return o, r, nil
end

function A.diplomat_check(p, pl, n)
  local o, r, st = A.diplomat_state(p, pl)
  if st == "barred" then
    game.log({ key = "ti3.diplomat_still_bars", p = pn(o), q = pn(p), planet = pname(pl) })
    return 0
  end
  if st then return n end
  if #A.on_planet(o, pl, "diplomat") == 0 then return n end
  if game.choose(o, { key = "ti3.diplomat_stop_invasion", planet = pname(pl), q = pn(p) }, { "yes", "no" }) == "yes" then
    game.put("planet", pl, "se_diplomat_round", r)
    game.put("planet", pl, "se_diplomat_block", r .. ":" .. p)
    game.log({ key = "ti3.diplomat_stops_invasion", p = pn(o), q = pn(p), planet = pname(pl) })
    return 0
  end
  return n
end

-- Diplomat aboard a ship: that fleet (the ships in the diplomat's system)
-- may move through systems holding other players' ships whose owners allow
-- it (asked before movement, only when it matters).
local passage = nil
function A.diplomat_passage(p, target, base_movers)
  passage = nil
  local rules = L.move_rules(p, target)
  local normal = {}
  for _, m in ipairs(base_movers(p, target, rules)) do normal[m.unit.id] = true end
  local perm, asked = {}, false
  local sys = {}
  for _, u in ipairs(game.units { owner = p, kind = "leader_diplomat" }) do
    if u.carried and u.system ~= target and not game.has_token(u.system, "command", p) then sys[u.system] = true end
  end
  for _, S in ipairs(game.keys(sys)) do
    local open = game.move_cost(S, target, { blocked = rules.blocked, stop = {}, free_exit = rules.free_exit })
    local need = false
    for _, u in ipairs(L.ships(p, S)) do
      if open and not normal[u.id] and (L.def(p, u.kind).move or 0) > 0 and open <= L.move_value(p, u, S) then need = true end
    end
    if need then
      for _, B in ipairs(rules.stop) do
        local c = game.move_cost(S, B, { blocked = rules.blocked, stop = {}, free_exit = rules.free_exit })
        if c and c <= open then
          for _, q in ipairs(L.enemies_in(p, B)) do
            if perm[q] == nil then
              perm[q] = game.choose(q, { key = "ti3.diplomat_let_pass", q = pn(p) }, { "no", "yes" }) == "yes"
              game.log({ key = perm[q] and "ti3.diplomat_lets_pass" or "ti3.diplomat_does_not_let_pass", p = pn(q), q = pn(p) })
              asked = true
            end
          end
        end
      end
    end
  end
  if asked then passage = { player = p, target = target, perm = perm, systems = sys } end
end

function A.passage_movers(out, p, target, rules)
  if not passage or passage.player ~= p or passage.target ~= target then return out end
  local stop = {}
  for _, B in ipairs(rules.stop) do
    local ok = true
    for _, q in ipairs(L.enemies_in(p, B)) do if not passage.perm[q] then ok = false end end
    if not ok then stop[#stop + 1] = B end
  end
  local r2 = { blocked = rules.blocked, stop = stop, free_exit = rules.free_exit }
  local have = {}
  for _, m in ipairs(out) do have[m.unit.id] = true end
  for _, S in ipairs(game.keys(passage.systems)) do
    for _, u in ipairs(L.ships(p, S)) do
      if not have[u.id] and (L.def(p, u.kind).move or 0) > 0 then
        local c = game.move_cost(S, target, r2)
        if c and c <= L.move_value(p, u, S) then out[#out + 1] = { unit = u, cost = c } end
      end
    end
  end
  return out
end

---------------------------------------------------------------------------
-- SHOCK TROOPS (SE option). UNCERTAIN (SE rulebook as recalled; units.yaml
-- notes; the SA rulebook confirms "formed at combat rolls of 10" is the TI3
-- rule): for each natural 10 a player's ground forces roll in invasion
-- combat (attacker or defender), one of his surviving ground forces on the
-- planet is promoted after the round; 12 shock troop tokens in all.
-- From third-party summaries of the SE rule (fandom "Shock Troops", a forum
-- report of a game): in ground combat a player's shock troops are his first
-- casualties; a shock troop that has no ground force of its owner beside it
-- becomes a ground force again (so a promotion always leaves one ground
-- force unpromoted); capturing the structures of a taken planet is a choice.

local tens = {}
function A.on_rolled_shock(ctx)
  if not ctx.ground or ctx.label ~= "ground combat" or not ctx.planet then return end
  local n = 0
  for _, g in ipairs(ctx.groups or {}) do
    if L.def(ctx.player, g.kind).type == "ground_force" then
      for _, r in ipairs(g.rolls or {}) do if r == 10 then n = n + 1 end end
    end
  end
  if n > 0 then
    local key = ctx.player .. ":" .. ctx.planet
    tens[key] = (tens[key] or 0) + n
  end
end

function A.promote(p, pl)
  if not p or not pl then return end
  local key = p .. ":" .. pl
  local n = tens[key] or 0
  tens[key] = nil
  while n > 0 do
    local limit = (game.data.units.shock_troop or {}).shared_limit or 12
    if game.count_units { kind = "shock_troop" } >= limit then
      game.log({ key = "ti3.no_shock_troop_left", p = pn(p) })
      break
    end
    local gf, gfs = nil, 0
    for _, u in ipairs(L.ground(p, pl)) do
      if L.def(p, u.kind).type == "ground_force" then
        gfs = gfs + 1
        if not gf then gf = u end
      end
    end
    -- (The last ground force stays one: a shock troop needs one beside it.)
    if gfs < 2 then break end
    game.remove_unit(gf.id)
    game.spawn("shock_troop", p, { planet = pl })
    game.log({ key = "ti3.promoted_to_shock_troop", p = pn(p), unit = "ground_force#" .. gf.id, planet = pname(pl) })
    n = n - 1
  end
end

function A.on_round_end_shock(ctx)
  if not ctx.ground then return end
  A.promote(ctx.attacker, ctx.planet)
  A.promote(ctx.defender, ctx.planet)
  A.revert_lonely_shock()
end

-- Shock troops with no ground force of their owner in the same place (on the
-- same planet, or in space in the same system) become ground forces again.
function A.revert_lonely_shock()
  if not opt("shock_troops") then return end
  local places, order = {}, {}
  for _, u in ipairs(game.units { kind = "shock_troop" }) do
    local key = u.owner .. ":" .. (u.planet and ("planet:" .. u.planet) or ("space:" .. tostring(u.system)))
    if not places[key] then
      places[key] = { owner = u.owner, planet = u.planet, system = u.system, shock = {} }
      order[#order + 1] = key
    end
    table.insert(places[key].shock, u)
  end
  table.sort(order)
  for _, key in ipairs(order) do
    local at = places[key]
    local q = at.planet and { planet = at.planet, owner = at.owner } or { system = at.system, owner = at.owner, space = true }
    local gfs = 0
    for _, u in ipairs(game.units(q)) do
      if L.def(at.owner, u.kind).type == "ground_force" then gfs = gfs + 1 end
    end
    if gfs == 0 then
      for _, u in ipairs(at.shock) do
        local where = u.planet and { planet = u.planet } or (u.carried and { carried = u.carried }) or { system = u.system }
        game.remove_unit(u.id)
        game.spawn("ground_force", at.owner, where)
        game.log({ key = "ti3.shock_troop_reverts", p = pn(at.owner), unit = "shock_troop#" .. u.id,
          place = u.planet and pname(u.planet) or L.sysname(u.system) })
      end
    end
  end
end

-- In ground combat a player's shock troops take his hits first: the hit
-- choices (L.hit_options) are only shock troops while he has any there.
local base_hit_options = L.hit_options
function L.hit_options(p, units, o, gone)
  local out = base_hit_options(p, units, o, gone)
  if not (o and o.se_shock_first) then return out end
  local first = {}
  for _, x in ipairs(out) do
    local kind = x:match("^%a+:([%w_]+)#")
    if kind and L.def(p, kind).type == "shock_troop" then first[#first + 1] = x end
  end
  if #first > 0 then return first end
  return out
end
-- (Only ground combat hits ask for it: a plain fight is left alone.)
L.plain_wrapper(L.hit_options, base_hit_options)

local base_assign_hits = L.assign_hits
function L.assign_hits(p, units, hits, label, o)
  if label == "ground combat" and opt("shock_troops") then
    local c = {}
    for k, v in pairs(o or {}) do c[k] = v end
    c.se_shock_first = true
    o = c
  end
  return base_assign_hits(p, units, hits, label, o)
end
L.plain_wrapper(L.assign_hits, base_assign_hits)

-- Capture of structures when a planet is taken: with an agent landed
-- (leaders) or with shock troops among the invaders, the invader may
-- replace the enemy PDS and space docks on the planet by his own, within his
-- unit limits (at his limit they are destroyed as usual), and take over its
-- facility (A.capturable_facility).
function A.capture_structures(p, pl)
  local agent = opt("leaders") and #A.on_planet(p, pl, "agent") > 0
  local shock = opt("shock_troops") and game.count_units { planet = pl, owner = p, kind = "shock_troop" } > 0
  if not agent and not shock then return end
  local list = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    local t = L.def(u.owner, u.kind).type
    if t == "pds" or t == "space_dock" then list[#list + 1] = u end
  end
  local fac = A.capturable_facility(p, pl)
  if #list == 0 and not fac then return end
  if game.choose(p, { key = shock and "ti3.shock_troop_capture" or "ti3.agent_capture", planet = pname(pl) }, { "yes", "no" }) ~= "yes" then return end
  if fac then
    game.put("planet", pl, "se_facility_owner", p)
    game.log({ key = shock and "ti3.captures_facility_shock" or "ti3.captures_facility_agent", p = pn(p), unit = fac, planet = pname(pl) })
  end
  for _, u in ipairs(list) do
    local t = L.def(u.owner, u.kind).type
    local mine = L.has_unit(p, t) and L.def(p, t)
    if mine and (not mine.limit or game.count_units { owner = p, kind = u.kind } < mine.limit) then
      game.set_unit_owner(u.id, p)
      game.log({ key = shock and "ti3.captures_structure_shock" or "ti3.captures_structure_agent", p = pn(p), q = pn(u.owner), unit = u.kind .. "#" .. u.id, planet = pname(pl) })
      A.structure_captured(p, u, t)
    end
  end
end

-- After a structure u (of type t) has become p's (a hook): a captured space
-- dock counts as placed this round, so it produces nothing until the next
-- one (SE FAQ, quoted by third-party summaries of the shock troop rules).
function A.structure_captured(p, u, t)
  if t == "space_dock" then
    game.put("unit", u.id, "production_change", "none")
    game.put("unit", u.id, "production_change_round", round_no())
  end
end

-- hook: the facility ("refinery" or "colony") that p may take over with the PDS and space docks of planet pl he is taking (agent or shock troops), or nil; default: the planet's facility, with the facilities option, when another player owns it.
function A.capturable_facility(p, pl)
  if not opt("facilities") then return nil end
  local f = game.get("planet", pl, "se_facility")
  local o = game.get("planet", pl, "se_facility_owner")
  if f and o ~= p then return f end
  return nil
end

---------------------------------------------------------------------------
-- SABOTAGE RUNS (TI3 optional rule). UNCERTAIN: after anti-fighter barrage,
-- a player whose opponent has a war sun in the battle may send any number of
-- his fighters on a sabotage run against one war sun: each fighter rolls,
-- 1-8 it is shot down; each one that gets through rolls again and a 10
-- destroys the war sun outright (no sustain damage). The survivors fight on.
-- (Our memory of the rule; a public TI3 combat calculator
-- models the same 2% a fighter.)

local function destroyed(p, u, source, label, s)
  L.destroy_unit({ id = u.id, kind = u.kind, owner = p },
    { source = source, label = label, active = game.get("game", nil, "active"), system = s })
end

function A.sabotage(p, q, s)
  if not p or not q then return end
  local suns, fighters = {}, {}
  for _, u in ipairs(L.ships(q, s)) do if L.def(q, u.kind).type == "war_sun" then suns[#suns + 1] = u end end
  if #suns == 0 then return end
  for _, u in ipairs(L.ships(p, s)) do if L.def(p, u.kind).type == "fighter" then fighters[#fighters + 1] = u end end
  if #fighters == 0 then return end
  local opts = {}
  for i = 0, #fighters do opts[#opts + 1] = tostring(i) end
  local n = tonumber(game.choose(p, { key = "ti3.sabotage_fighters", q = pn(q) }, opts))
  if n == 0 then return end
  local target = suns[1]
  if #suns > 1 then
    local names = {}
    for _, u in ipairs(suns) do names[#names + 1] = u.kind .. "#" .. u.id end
    local pick = game.choose(p, { key = "ti3.sabotage_target" }, names)
    for _, u in ipairs(suns) do if u.kind .. "#" .. u.id == pick then target = u end end
  end
  game.log({ key = n > 1 and "ti3.sabotage_sends_fighters" or "ti3.sabotage_sends_fighter", p = pn(p), n = n, unit = target.kind .. "#" .. target.id })
  local through, rolls = game.roll({ key = "ti3.roll_sabotage_through", p = pn(p) }, n, 9)
  for i = 1, n do
    if rolls[i] < 9 and game.unit_exists(fighters[i].id) then destroyed(p, fighters[i], q, "sabotage run", s) end
  end
  if through == 0 then return end
  local hits = game.roll({ key = "ti3.roll_sabotage_strike", p = pn(p) }, through, 10)
  if hits > 0 and game.unit_exists(target.id) then
    game.log({ key = "ti3.sabotage_destroys", q = pn(q), unit = target.kind .. "#" .. target.id })
    destroyed(q, target, p, "sabotage run", s)
  end
end

---------------------------------------------------------------------------
-- TACTICAL RETREATS (SE option). UNCERTAIN (SE rulebook as recalled, and
-- forum summaries): a fleet may retreat into an adjacent system it has not
-- activated that is empty or holds only its own units and planets; the
-- retreating player places a command counter from his command pool there
-- when he announces the retreat (the counter stays even if the fleet never
-- leaves). Other retreats are the shared rule's.

local tr_state = {}
local base_retreat_options

-- Whether a space battle is being fought (the space_combat step is running).
local battle_depth = 0
function A.in_space_battle() return battle_depth > 0 end

function A.tactical_destinations(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    local ok = not game.has_token(t, "command", p)
    if ok then
      for _, _ in ipairs(game.units { system = t, not_owner = p }) do ok = false; break end
    end
    if ok then
      for _, pl in ipairs(game.planets_of(t)) do
        local o = game.planet_owner(pl)
        if o and o ~= p then ok = false end
      end
    end
    local rule = ok and L.anomaly_rule and L.anomaly_rule(t)
    if rule and (rule.enter == "never" or rule.enter == "end"
      or (rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech))) then ok = false end
    local d = game.data.systems[game.tile_of(t)]
    if d and d.anomaly == "asteroid_field" then ok = false end
    if ok then out[#out + 1] = t end
  end
  table.sort(out)
  return out
end

function A.on_retreat_tactical(ctx)
  local p, s = ctx.player, ctx.system
  local base = base_retreat_options and base_retreat_options(p, s) or {}
  local seen = {}
  for _, t in ipairs(base) do seen[t] = true end
  local tac = {}
  if game.counter(p, "tactic") > 0 then
    for _, t in ipairs(A.tactical_destinations(p, s)) do if not seen[t] then tac[#tac + 1] = t end end
  end
  local st = { phase = "announced" }
  if #tac > 0 then
    local opts = {}
    if #base > 0 then opts[1] = "ordinary retreat" end
    for _, t in ipairs(tac) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
    local pick = game.choose(p, { key = "ti3.tactical_retreat_counter" }, opts)
    if pick ~= "ordinary retreat" then
      local t = tonumber(pick) or game.system_at(pick)
      game.add(p, "tactic", -1)
      game.place_token(t, "command", p)
      st.prepared = t
      game.log({ key = "ti3.prepares_tactical_retreat", p = pn(p), system = L.sysname(t) })
    end
  end
  tr_state[p .. ":" .. s] = st
end

---------------------------------------------------------------------------
-- CUSTODIANS OF MECATOL REX (SE option). UNCERTAIN (SE rulebook as recalled;
-- SA says its two custodian counters work exactly like the domain counters
-- they copy, and its picture shows a "2" automated defence and "3" hostile
-- locals; their effects are domain.txt's): the first player to land ground
-- forces on a custodians planet (planets.custodians) that nobody controls
--   1. faces the automated defence: 2 dice, each 6+ destroys one of his ships
--      in the system and one landing ground force;
--   2. fights 3 local ground forces (a ground force's combat value) until one
--      side is gone; they cannot be bombarded and come back at full strength
--      after a failed invasion.
-- Whoever takes the planet removes the custodians and may place a free PDS.

function A.custodians(ctx)
  local p, pl = ctx.player, ctx.planet
  local d = L.pdef(pl)
  if not (d and d.custodians) or game.get("planet", pl, "se_custodians_gone") then return end
  if game.planet_owner(pl) then game.put("planet", pl, "se_custodians_gone", true); return end
  if #L.ground(p, pl) == 0 then return end
  local s = game.planet_system(pl)
  game.log({ key = "ti3.custodians_defend", planet = pname(pl) })
  local hits = game.roll({ key = "ti3.roll_custodians_defence", planet = pname(pl) }, 2, 6)
  for _ = 1, hits do
    L.assign_hits(p, L.ships(p, s), 1, "custodians' automated defence", { no_sustain = true })
    L.assign_hits(p, L.ground(p, pl), 1, "custodians' automated defence", { no_sustain = true })
  end
  local locals = 3
  local value = (game.data.units.ground_force or {}).combat or 8
  local round = 0
  while locals > 0 and #L.ground(p, pl) > 0 do
    round = round + 1
    local mine = L.ground(p, pl)
    local rc = { player = p, active = p, attacker = p, system = s, planet = pl, round = round, ground = true, custodians = true, mods = { [p] = {} } }
    local ha = L.combat_roll(p, mine, rc.mods[p], "ground combat", rc)
    local hl = game.roll({ key = "ti3.roll_hostile_locals", n = locals }, locals, value)
    locals = math.max(0, locals - ha)
    L.assign_hits(p, mine, hl, "ground combat", {})
    if opt("shock_troops") then A.promote(p, pl) end
    if round > 100 then error("custodians combat did not end") end
  end
  tens[p .. ":" .. pl] = nil
  if #L.ground(p, pl) > 0 then
    game.put("planet", pl, "se_custodians_gone", true)
    game.log({ key = "ti3.defeats_custodians", p = pn(p), planet = pname(pl) })
    local pds = L.has_unit(p, "pds") and L.def(p, "pds")
    if pds and (not pds.limit or game.count_units { owner = p, kind = "pds" } < pds.limit)
      and game.choose(p, { key = "ti3.custodians_free_pds", planet = pname(pl) }, { "yes", "no" }) == "yes" then
      game.spawn("pds", p, { planet = pl })
      game.log({ key = "ti3.places_free_pds", p = pn(p), planet = pname(pl) })
    end
  else
    game.log({ key = "ti3.custodians_hold", planet = pname(pl) })
  end
end

---------------------------------------------------------------------------
-- HOME WORLDS. UNCERTAIN: the SE option's text is not in the public sources
-- and we do not remember it; this is
--   (TI3, as we recall the base rules) a player who does not control every
--   planet of his home system may not claim public objectives (now the base
--   rule, for secret objectives too: rules/round.lua's L.scoring_needs_home);
--   (SA, where TI3/SE are silent) no player may activate another player's
--   home system in the first round; at the start of each strategy phase a
--   player regains his home planets that hold no other player's ground units
--   (exhausted; other players' structures there become his).

function A.is_home_of_other(p, s)
  for q = 1, game.num_players() do
    if q ~= p and L.home(q) == s then return true end
  end
  return false
end

function A.regain_homes()
  for p = 1, game.num_players() do
    local h = L.home(p)
    for _, pl in ipairs(h and game.planets_of(h) or {}) do
      if game.planet_owner(pl) ~= p then
        local enemy = false
        for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
          if L.def(u.owner, u.kind).class == "ground" then enemy = true end
        end
        if not enemy then
          for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
            if L.def(u.owner, u.kind).class == "structure" then
              game.set_unit_owner(u.id, p)
              game.log({ key = "ti3.takes_over_structure", p = pn(p), q = pn(u.owner), unit = u.kind .. "#" .. u.id, planet = pname(pl) })
            end
          end
          game.log({ key = "ti3.regains_home_planet", p = pn(p), planet = pname(pl) })
          L.take_control(p, pl, true)
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Hooks. Installed once, when setup starts.
local installed = false

-- Wraps procedure `name` (if there is one): fn(base, ...) runs in its place,
-- base being the procedure as it was. (Shared by the option files of this
-- pack and of the packs extending it.) `plain` (optional): the wrapper
-- leaves a plain fight alone (see L.plain_wrapper): true, or a function
-- saying when.
function L.wrap_procedure(name, fn, plain)
  local base = game.procedure_fn(name)
  if not base then return end
  procedure(name, function(...) return fn(base, ...) end)
  if plain then L.plain_wrapper(game.procedure_fn(name), base, plain ~= true and plain or nil) end
end

-- Runs fn(...) and then restores what `undo` puts back, even on error.
function L.guarded(undo, fn, ...)
  local res = table.pack(pcall(fn, ...))
  undo()
  if not res[1] then error(res[2], 0) end
  return table.unpack(res, 2, res.n)
end

local wrap, guarded = L.wrap_procedure, L.guarded

-- Scientist: whether p's new space docks in s cost what
-- A.scientist_dock_cost gives: every planet in the system where a dock could
-- go has one of p's scientists.
function A.scientist_docks(p, s)
  local sites, all = 0, true
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p and game.count_units { planet = pl, kind = "space_dock" } == 0 then
      sites = sites + 1
      if #A.on_planet(p, pl, "scientist") == 0 then all = false end
    end
  end
  return sites > 0 and all
end

local base_production_cost = L.production_cost
function L.production_cost(ctx, kind, d)
  if opt("leaders") and ctx.player and ctx.system then
    local cost = A.scientist_dock_cost(kind, d)
    if cost and A.scientist_docks(ctx.player, ctx.system) then return cost end
  end
  return base_production_cost(ctx, kind, d)
end

-- The price of unit t (definition d) under A.scientist_docks, or nil
-- to leave it (a hook): a space dock costs 2.
function A.scientist_dock_cost(t, d)
  if t == "space_dock" and d.cost and d.cost > 2 then return 2 end
  return nil
end

-- A bombardment against a general's planet, while the step runs:
-- {player, buf}, buf the rolls since the last planet's hits.
local general = nil

-- General defending a planet: bombardment rolls against it are at -4,
-- read back from the dice of the shared bombardment step.
local base_rolled = L.bombard_rolled
function L.bombard_rolled(p, u, pl, rolls, target, hits, c)
  if general then table.insert(general.buf, { rolls = rolls, target = target }) end
  return base_rolled(p, u, pl, rolls, target, hits, c)
end
local base_hits = L.bombard_hits
function L.bombard_hits(p, q, pl, hits, c)
  hits = base_hits(p, q, pl, hits, c)
  local g = general
  if g then
    local units = L.ground(q, pl)
    local at = units[1] and units[1].planet
    if at and #A.on_planet(q, at, "general") > 0 then
      local n = 0
      for _, b in ipairs(g.buf) do
        for _, r in ipairs(b.rolls or {}) do if r >= b.target + 4 then n = n + 1 end end
      end
      game.log({ key = n == 1 and "ti3.general_bombardment_hit" or "ti3.general_bombardment_hits", p = pn(q), planet = pname(at), n = n, hits = hits })
      hits = n
    end
    g.buf = {}
  end
  return hits
end

-- Diplomat: the shared commit_ground_forces asks `before_landing` how many
-- ground forces may land.
local base_landing = game.procedure_fn("before_landing")
procedure("before_landing", function(c)
  local n = c.count
  if base_landing then n = base_landing(c) or n end
  if n > 0 and opt("leaders") then n = A.diplomat_check(c.player, c.planet, n) end
  return n
end)

-- Agent landed with the invader: the planet's PDS do not fire.
wrap("space_cannon_defense", function(base, ctx)
  if opt("leaders") and #A.on_planet(ctx.player, ctx.planet, "agent") > 0 then
    game.log({ key = "ti3.agent_pds_silent", p = pn(ctx.player), planet = pname(ctx.planet) })
    return
  end
  return base(ctx)
end)

-- Admiral aboard a dreadnought: +1 move.
local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if opt("leaders") and L.def(p, u.kind).type == "dreadnought" and A.ship_carries(u.id, "admiral") then m = m + 1 end
  return m
end

-- The wraps below sit on top of what the rules files loaded after this one
-- (and the packs extending this one) define, so they are still made when
-- setup starts. TODO: hooks in the parents, registered at load time.
function A.install()
  if installed then return end
  installed = true


  -- Tactical retreats: announcements are remembered per combat.
  -- (Leaders: a ship lost while it runs gives its leaders their roll.)
  wrap("space_combat", function(base, ctx)
    tr_state = {}
    battle_depth = battle_depth + 1
    return guarded(function() tr_state = {}; battle_depth = battle_depth - 1 end, base, ctx)
  end, true)

  wrap("anti_fighter_barrage", function(base, ctx)
    local r = base(ctx)
    if opt("sabotage_runs") then
      A.sabotage(ctx.player, ctx.defender, ctx.system)
      A.sabotage(ctx.defender, ctx.player, ctx.system)
    end
    return r
  end, function() return not opt("sabotage_runs") end)

  wrap("movement", function(base, ctx)
    if opt("leaders") then
      local p, target = ctx.player, ctx.system
      A.diplomat_passage(p, target, A.base_movers)
      A.embark(p, target, L.movers(p, target, L.move_rules(p, target)))
      return guarded(function() passage = nil end, base, ctx)
    end
    return base(ctx)
  end)

  wrap("commit_ground_forces", function(base, ctx)
    local r = base(ctx)
    if opt("leaders") then A.land(ctx) end
    return r
  end)

  -- General defending a planet: bombardment rolls against it are at -4. The
  -- dice are those of the shared bombardment step, read back as they fall.
  wrap("bombardment", function(base, ctx)
    if not opt("leaders") then return base(ctx) end
    local p, any = ctx.player, false
    for _, pl in ipairs(game.planets_of(ctx.system)) do
      local o = game.planet_owner(pl)
      if o and o ~= p and #A.on_planet(o, pl, "general") > 0 then any = true end
    end
    if not any then return base(ctx) end
    local prev = general
    general = { player = p, buf = {} }
    return guarded(function() general = prev end, base, ctx)
  end)

  wrap("ground_combat", function(base, ctx)
    if opt("custodians") then A.custodians(ctx) end
    return base(ctx)
  end)

  wrap("establish_control", function(base, ctx)
    if not (opt("leaders") or opt("shock_troops")) then return base(ctx) end
    local p, pl = ctx.player, ctx.planet
    local prev = game.planet_owner(pl)
    local won = #L.ground(p, pl) > 0 and prev ~= p
    if opt("leaders") then A.invasion_outcome(p, pl, prev, won) end
    if won then A.capture_structures(p, pl) end
    local r = base(ctx)
    if opt("leaders") and won and prev and prev ~= p then A.after_conquest(p, prev) end
    if opt("shock_troops") then A.revert_lonely_shock() end
    return r
  end)

  -- (Scientist: a new space dock on his planet costs less: L.production_cost above.)

  wrap("status_phase", function(base, ctx)
    if opt("leaders") then A.sync(); A.captives() end
    return base(ctx)
  end)

  wrap("strategy_phase", function(base, ctx)
    if opt("homeworlds") then A.regain_homes() end
    return base(ctx)
  end)

  -- Library functions.
  local base_can_score = L.can_score
  if base_can_score then
    function L.can_score(p, id)
      if opt("homeworlds") then
        local d = game.data.objectives[id]
        -- (A race ability may lift this: flag score_without_home.)
        if d and (d.kind == "stage1" or d.kind == "stage2") and not L.controls_home(p)
          and L.flag(p, "score_without_home") == 0 then return false end
      end
      return base_can_score(p, id)
    end
  end

  local base_activatable = L.activatable
  function L.activatable(p)
    local out = base_activatable(p)
    if not opt("homeworlds") or round_no() > 1 then return out end
    local keep = {}
    for _, s in ipairs(out) do if not A.is_home_of_other(p, s) then keep[#keep + 1] = s end end
    return keep
  end

  base_retreat_options = L.retreat_options
  function L.retreat_options(p, s)
    local out = base_retreat_options(p, s)
    if not opt("tactical_retreats") then return out end
    local key = p .. ":" .. s
    local st = tr_state[key]
    if st and st.phase == "announced" then
      -- The call after the round: the retreat goes where it was announced.
      tr_state[key] = nil
      if st.prepared then return { st.prepared } end
      return out
    end
    if game.counter(p, "tactic") > 0 then
      local seen = {}
      for _, t in ipairs(out) do seen[t] = true end
      for _, t in ipairs(A.tactical_destinations(p, s)) do
        if not seen[t] then out[#out + 1] = t end
      end
    end
    return out
  end
  L.plain_wrapper(L.retreat_options, base_retreat_options, function() return not opt("tactical_retreats") end)

  A.base_movers = L.movers
  function L.movers(p, target, rules)
    local out = A.base_movers(p, target, rules)
    if opt("leaders") then out = A.passage_movers(out, p, target, rules) end
    return out
  end

  -- Scientist on a planet: its PDS get +1 ...
  local base_fire = L.fire_cannons
  function L.fire_cannons(q, list, target_player, label)
    if opt("leaders") then
      local out, changed = {}, false
      for _, x in ipairs(list) do
        local pl = x.unit and x.unit.planet
        if pl and #A.on_planet(q, pl, "scientist") > 0 and x.sc then
          local sc = {}
          for k, v in pairs(x.sc) do sc[k] = v end
          sc.hit = sc.hit - 1
          local y = {}
          for k, v in pairs(x) do y[k] = v end
          y.sc = sc
          out[#out + 1] = y
          changed = true
        else
          out[#out + 1] = x
        end
      end
      if changed then
        game.log({ key = "ti3.scientist_pds", p = pn(q) })
        list = out
      end
    end
    return base_fire(q, list, target_player, label)
  end
  -- (It changes only shots from planets: a plain fight's system has none.)
  L.plain_wrapper(L.fire_cannons, base_fire)

  -- ... and their planetary shield stops war sun bombardment too.
  local base_shielded = L.shielded
  function L.shielded(pl, attacker)
    if base_shielded(pl, attacker) then return true end
    if not opt("leaders") then return false end
    for _, u in ipairs(game.units { planet = pl }) do
      if u.owner ~= attacker and L.gives_shield(u, pl, attacker) and #A.on_planet(u.owner, pl, "scientist") > 0 then
        return true
      end
    end
    return false
  end
end

-- After the board, the players, the decks and the speaker exist.
local function after_setup()
  for _, id in ipairs(game.keys(game.data.se_rules_a or {})) do
    local d = game.data.se_rules_a[id]
    if opt(d.option) then game.grant("game", "se_rules_a", id) end
  end
  -- The Voice of the Council card (cards/objectives.yaml) runs its election
  -- only while the game holds it.
  if opt("voice_of_the_council") and game.data.objectives and game.data.objectives.voice_of_the_council then
    game.grant("game", "objectives", "voice_of_the_council")
  end
  if opt("leaders") then A.place_leaders() end
end

local base_setup = game.procedure_fn("setup")
game.when_loaded(A.install)
procedure("setup", function(args)
  local ok, err = pcall(base_setup, args)
  after_setup()
  if not ok then error(err, 0) end
end)

-- Shattered Ascension v4.5 (seed 000), game options part 2:
--   * the Simultaneous Action System                 (option sa_simultaneous_actions)
--   * Surrender                                       (option sa_surrender)
--   * appendix 3, 2-player games (duels)              (every 2-player game)
--   * appendix 4, scenario maps and home system     (maps sa_preset_*; option
--     bidding; the maps' unstable wormholes and       sa_home_bidding for any map)
--     border tokens are placed through rules/j_tokens.lua, which owns their rules
--   * appendix 5: gravity rifts (always), preliminary objectives (the cards
--     and their checks; laid out by rules/a_setup.lua, claimed through
--     rules/k_victory.lua), promissory notes (option sa_promissory_notes),
--     mercenaries (option sa_mercenaries)
-- Data: options_2.yaml (options, rift tiles, preliminary objectives, notes,
-- mercenaries and their units); maps.yaml (scenario maps, 2-player maps);
-- window scripts in effects/options2/.
--
-- Hooking in: `setup`, `build_galaxy` and the surrendered players' order are
-- wrapped when this file loads; card handlers when setup starts; the rest
-- once setup has run (O.install), on top of what the ti3 files and the other
-- sa-en files put in place. Each wrapper hands over to the wrapped code when
-- its rule is not in force.
--
-- Where the seed is silent we follow the later SA rulebook (marked "later
-- SA") or the Shards of the Throne component texts ("SotT"); what is only our
-- reading is marked UNCERTAIN.
local L = game.lib
local O = {}
L.sa_opt2 = O

-- hook: whether Xxcha (p, 2 players) is offered the primary of Diplomacy (card id) once more for 1 strategy counter and 2 influence; default: yes.
function O.xxcha_again_offered(p, id) return true end
O.installers = {}    -- functions run once setup has run (O.install)
O.after_setup = {}   -- functions(args) run after that

local function opt(id) return game.options[id] end
local function round_no() return game.get("game", nil, "round") or 0 end
local function hex(s) return game.system(s).hex or tostring(s) end
-- The system an option made by hex() names (a number for a system off the board).
local function system_of(o) return tonumber(o) or game.system_at(o) end

-- hook: whether p, who took the speaker token with Assembly in a 2-player game, is asked to put his own agenda to the vote too (default: yes).
function O.duel_own_agenda_asked(p) return true end

-- hook: the player who may not take Assembly with his first pick in this 2-player strategy phase, or nil; last is the player who held Assembly last round (false when nobody did). Default (seed 000 appendix 3, "if you are the Speaker and had Assembly during last round"): the speaker, if he held it.
function O.duel_first_pick_no_assembly(last)
  local sp = L.speaker()
  if last == sp then return sp end
  return nil
end

-- Whether this is a 2-player game (appendix 3 applies).
function O.duel() return game.num_players() == 2 end

-- hook: which use of Mentak's Pillage by p the current steal belongs to, in a
-- 2-player game (every second use brings 1 more trade good); steals with the
-- same value count as one use. Default: the round number (Pillage is used once
-- a round, however many players it takes from).
function O.duel_pillage_use(p) return round_no() end

local function contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

local function utype(p, kind) return L.def(p, kind).type or kind end

---------------------------------------------------------------------------
-- THE SIMULTANEOUS ACTION SYSTEM (seed: "Game Option: The Simultaneous
-- Action System").
-- As an action, the active player activates any number of systems instead of
-- one. A system holding none of his ships or space docks costs 2 command
-- counters from the command pool, any other 1 (counted as it is activated).
-- Then the tactical action steps are played in all activated systems, each
-- step in every system before the next; before each step the player picks
-- the order of the systems. The steps are the seed's list: movement (space
-- mines come with it), space cannon, space battles, planetary landings and
-- invasion combat, production. A space cannon in range of two activated
-- systems fires into both.
-- Our choices: each system goes through the shared `activation` step (so the
-- checks others put there hold); the second counter of a 2-counter system
-- is spent back to reinforcements; the seed's "planetary landings" and
-- "invasion combat" are the one ti3 `invasion` step per system (its
-- landings, bombardment, space cannon defense, ground combat and control in
-- one go), as no unit can travel between systems in between. Ships in any
-- activated system may move out of it, each ship once in the action (later
-- SA rulebook: every ship sitting in a system this action activated is free
-- to leave it; the seed's worked example moves a carrier out of B into A
-- and an attack force out of A into B).

function O.sim_cost(p, s)
  if #L.ships(p, s) > 0 then return 1 end
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if utype(p, u.kind) == "space_dock" then return 1 end
  end
  return 2
end

function O.sim_possible(p)
  local pool = game.counter(p, "tactic")
  for _, s in ipairs(L.activatable(p)) do
    if O.sim_cost(p, s) <= pool then return true end
  end
  return false
end

-- Ships that moved during the current simultaneous action (unit id -> true).
O.sim_moved = nil

-- Runs fn(s) for each system of `list`, the player picking the next one
-- each time (no question when one is left).
local function each_in_order(p, step, list, fn)
  local left = {}
  for _, s in ipairs(list) do left[#left + 1] = s end
  while #left > 0 do
    local pick = left[1]
    if #left > 1 then
      local opts = {}
      for _, s in ipairs(left) do opts[#opts + 1] = hex(s) end
      pick = system_of(game.choose(p, { key = "sa.sim_next_in", step = step }, opts))
    end
    for i, s in ipairs(left) do if s == pick then table.remove(left, i); break end end
    fn(pick)
  end
end

local function filter(list, fn)
  local out = {}
  for _, x in ipairs(list) do if fn(x) then out[#out + 1] = x end end
  return out
end

-- Movement into s, one of the activated systems of p's simultaneous action
-- (step ctx c): the command counters on the other activated systems are
-- lifted meanwhile, so that ships may leave them. Returns the ids of p's
-- ships and units in space that came into s. (Also the sa-es version's.)
function O.sim_movement(p, s, systems, c)
  local before = {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do before[u.id] = true end
  local lifted = {}
  for _, t in ipairs(systems) do
    if t ~= s and game.has_token(t, "command", p) then
      game.remove_token(t, "command", p)
      lifted[#lifted + 1] = t
    end
  end
  local ok, err = pcall(game.step, "movement", c)
  for _, t in ipairs(lifted) do game.place_token(t, "command", p) end
  if not ok then error(err, 0) end
  local moved = {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if not before[u.id] then moved[#moved + 1] = u.id end
  end
  return moved
end

-- Whether p has ground units in space in s (to land).
function O.ground_in_space(p, s)
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if L.def(p, u.kind).class == "ground" then return true end
  end
  return false
end

procedure("simultaneous_action", function(ctx)
  local p = ctx.player
  local systems, sctx = {}, {}
  -- 1) Activation.
  while true do
    local opts = {}
    if #systems > 0 then opts[1] = "done" end
    for _, s in ipairs(L.activatable(p)) do
      if not sctx[s] and O.sim_cost(p, s) <= game.counter(p, "tactic") then opts[#opts + 1] = hex(s) end
    end
    if #opts == 0 then
      if #systems == 0 then error(L.pn(p) .. " cannot activate any system") end
      break
    end
    if #opts == 1 and opts[1] == "done" then break end
    local pick = game.choose(p, { key = "sa.sim_activate" }, opts)
    if pick == "done" then break end
    local s = system_of(pick)
    local cost = O.sim_cost(p, s)
    -- (se_tactical / sa_tactical: what ti3's options_b and rules/b_general.lua
    -- read as "the production step of a tactical action")
    local c = { player = p, active = p, system = s, simultaneous = true, se_tactical = true, sa_tactical = true }
    game.step("activation", c)
    if cost > 1 then
      game.add(p, "tactic", -(cost - 1))
      game.log({ key = "sa.sim_second_counter", p = L.pn(p), system = L.sysname(s) })
    end
    systems[#systems + 1] = s
    sctx[s] = c
  end
  ctx.systems = systems
  ctx.system = systems[1]
  game.log({ key = #systems == 1 and "sa.sim_action_1" or "sa.sim_action", p = L.pn(p), n = #systems })
  local function live(s) return not sctx[s].end_turn end
  -- 2) Movement, into each system in the player's order. Ships in the other
  -- activated systems may leave them (their counters are lifted meanwhile);
  -- no ship moves twice.
  O.sim_moved = {}
  local ok, err = pcall(function()
    each_in_order(p, "movement", filter(systems, live), function(s)
      for _, id in ipairs(O.sim_movement(p, s, systems, sctx[s])) do O.sim_moved[id] = true end
    end)
  end)
  O.sim_moved = nil
  if not ok then error(err, 0) end
  -- 3) Space cannon, where the active player has ships or meets other ships.
  local cannon = filter(systems, function(s) return live(s) and (#L.ships(p, s) > 0 or #L.enemies_in(p, s) > 0) end)
  each_in_order(p, "space cannon", cannon, function(s)
    if live(s) then game.step("space_cannon_offense", sctx[s]) end
  end)
  -- 4) Space battles.
  local battles = filter(systems, function(s) return live(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) > 0 end)
  each_in_order(p, "space battle", battles, function(s)
    if live(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) > 0 then
      local c = { player = p, active = p, system = s, defender = L.enemies_in(p, s)[1] }
      game.step("space_combat", c)
      if c.end_turn then sctx[s].end_turn = true end
    end
  end)
  -- 5-6) Planetary landings and invasion combat.
  local landings = filter(systems, function(s)
    return live(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) == 0 and O.ground_in_space(p, s)
  end)
  each_in_order(p, "planetary landings", landings, function(s)
    if live(s) then game.step("invasion", sctx[s]) end
  end)
  -- 7) Production.
  local prod = filter(systems, function(s)
    if not live(s) then return false end
    if L.production(p, s) > 0 then return true end
    -- (a new space dock may go on a planet held since the round began)
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == p and game.get("planet", pl, "round_start_owner") == p then return true end
    end
    return false
  end)
  each_in_order(p, "production", prod, function(s)
    if live(s) then game.step("production", sctx[s]) end
  end)
  -- What the SA tactical action does when it ends (rules/c_units.lua:
  -- promotions left without a production step).
  if L.sa_units and L.sa_units.promote_pending then L.sa_units.promote_pending(p) end
end)

local function install_simultaneous()
  local base_ao = game.procedure_fn("action_options")
  procedure("action_options", function(p)
    local opts = base_ao(p)
    if opt("sa_simultaneous_actions") and game.counter(p, "tactic") > 0 and not O.surrendered(p) and O.sim_possible(p) then
      local out, added = {}, false
      for _, o in ipairs(opts) do
        if o == "pass" and not added then out[#out + 1] = "simultaneous"; added = true end
        out[#out + 1] = o
      end
      if not added then out[#out + 1] = "simultaneous" end
      return out
    end
    return opts
  end)
  local base_take = L.take_action
  function L.take_action(p, act)
    if act == "simultaneous" then
      local ctx = { player = p, active = p }
      game.atomic(game.step, "simultaneous_action", ctx)
      return ctx
    end
    return base_take(p, act)
  end
  -- A ship moves once in a simultaneous action.
  local base_movers = L.movers
  function L.movers(p, target, rules)
    local list = base_movers(p, target, rules)
    if not O.sim_moved then return list end
    return filter(list, function(m) return not O.sim_moved[m.unit.id] end)
  end
end

---------------------------------------------------------------------------
-- SURRENDER (seed: "Surrender").
-- A player who could pass may surrender instead (the seed does not say
-- when; the later SA rulebook: "when passing during the Action Phase"). He
-- loses 2 victory points as a player who does not hold his home system
-- (not on top of that penalty: rules/k_victory.lua counts a surrendered
-- player as having lost his home system, player prop sa_surrendered; without
-- that file we take the 2 points here). From then on he takes no part: he
-- passes every turn, picks no strategy card, is skipped in every rotation
-- (secondaries, votes, claims, status phase steps: L.order_from and
-- L.initiative_order leave him out) and is ignored by agendas; our reading of
-- "leave the game": his action and political cards are discarded. His
-- trade agreements last until he controls no planet. If he was speaker, the
-- speaker token moves on one player in rotation.
-- At the end of the round (after the status phase):
--   1) the capital planet: among his planets with a space dock in his home
--      system, else among his planets with a space dock, else among all his
--      planets, the one with the highest resources + influence (ties, later
--      SA: the most resources' worth of ground units and PDS on it, then at
--      random);
--   2) his leaders and flagship leave the board;
--   3) his space docks except the capital's are removed;
--   4) up to 3 ground forces join the capital, to at most 5 ground units
--      there; the capital and its forces stay his, passive, to the end;
--   5-6) from the speaker on in rotation, each player in turn picks one of
--      his other planets or fleets (his ships in one system, with what they
--      carry) and it is auctioned for influence (trade goods count as
--      influence): the picker bids first (0 allowed), then in rotation each
--      other player raises or drops out until one bidder is left (the seed
--      leaves the auction open; this is the later SA rulebook's). Only the
--      winner pays; a planet passes exhausted with the units on it; a fleet
--      may put its new owner over his fleet supply, who then removes ships.
--      This goes on until only the capital is left.
-- Objectives can still be scored against him (nothing stops it here).
-- Ours (the seed does not say): when every other player has surrendered, the
-- last one wins at once.
function O.surrendered(p) return type(p) == "number" and game.get("player", p, "sa_surrendered") == true end

local function planet_value(pl)
  local d = L.pdef(pl)
  return (d.resources or 0) + (d.influence or 0)
end

function O.capital_planet(p)
  local mine = game.planets_owned(p)
  table.sort(mine)
  if #mine == 0 then return nil end
  local home = L.home(p)
  local function has_dock(pl)
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      if utype(p, u.kind) == "space_dock" then return true end
    end
    return false
  end
  local pools = {
    filter(mine, function(pl) return has_dock(pl) and game.planet_system(pl) == home end),
    filter(mine, has_dock),
    mine,
  }
  for _, pool in ipairs(pools) do
    if #pool > 0 then
      local best, top = {}, nil
      for _, pl in ipairs(pool) do
        local worth = 0
        for _, u in ipairs(game.units { planet = pl, owner = p }) do
          local d = L.def(p, u.kind)
          if d.class == "ground" or utype(p, u.kind) == "pds" then
            worth = worth + (d.cost or 0) / (d.per_cost or 1)
          end
        end
        local key = { planet_value(pl), worth }
        local cmp = top and ((key[1] > top[1] or (key[1] == top[1] and key[2] > top[2])) and 1
          or ((key[1] == top[1] and key[2] == top[2]) and 0 or -1)) or 1
        if cmp > 0 then best, top = { pl }, key elseif cmp == 0 then best[#best + 1] = pl end
      end
      if #best > 1 then return best[game.random(#best)] end
      return best[1]
    end
  end
end

-- What is left to auction: "planet:<id>" and "fleet:<hex>" items.
local function surrender_items(p, capital)
  local out = {}
  local pls = game.planets_owned(p)
  table.sort(pls)
  for _, pl in ipairs(pls) do if pl ~= capital then out[#out + 1] = "planet:" .. pl end end
  local seen, sys = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] then seen[u.system] = true; sys[#sys + 1] = u.system end
  end
  table.sort(sys)
  for _, s in ipairs(sys) do out[#out + 1] = "fleet:" .. hex(s) end
  -- Units on planets he does not control (landed, not yet holding it) go
  -- with the system's fleet, or are auctioned as a fleet of their own.
  return out
end

local function auction(item, chooser, others_order)
  local function maxbid(q) return L.spendable(q, "influence") end
  local opts = {}
  for v = 0, maxbid(chooser) do opts[#opts + 1] = tostring(v) end
  local bid = tonumber(game.choose(chooser, { key = "sa.sur_first_bid", item = item }, opts))
  local high = chooser
  game.log({ key = "sa.sur_bids", p = L.pn(chooser), n = bid, item = item })
  local out = {}
  local guard = 0
  while true do
    guard = guard + 1
    if guard > 1000 then error("surrender auction did not end") end
    local any = false
    for _, q in ipairs(others_order) do
      if q ~= high and not out[q] then
        local o = { "drop out" }
        for v = bid + 1, maxbid(q) do o[#o + 1] = tostring(v) end
        local pick = game.choose(q, { key = "sa.sur_bid", item = item, q = L.pn(high), n = bid }, o)
        if pick == "drop out" then
          out[q] = true
        else
          high, bid, any = q, tonumber(pick), true
          game.log({ key = "sa.sur_bids", p = L.pn(q), n = bid, item = item })
        end
      end
    end
    if not any then break end
  end
  return high, bid
end

-- Hooks of the end-of-round procedure a variant may replace: which of his
-- space docks go (here all but the capital's), and what happens once his
-- planets and fleets are auctioned (here nothing: the capital stays his).
function O.surrender_removes_dock(p, u, capital) return u.planet ~= capital end
-- Hook: whether unit u of the surrendering player p leaves the board in step
-- 2; default his leaders and his flagship (seed 000).
function O.surrender_removes_unit(p, u)
  return u.kind:sub(1, 7) == "leader_" or utype(p, u.kind) == "flagship"
end
function O.surrender_settled(p, capital) end

function O.resolve_surrender(p)
  game.log({ key = "sa.sur_end_of_round", p = L.pn(p) })
  local capital = O.capital_planet(p)
  game.put("player", p, "sa_capital", capital)
  if capital then game.log({ key = "sa.sur_capital", planet = L.name("planets", capital), p = L.pn(p) }) end
  -- 2) leaders and flagship: his leaders leave the game (their records say
  -- so: no fate roll), the captives he holds go free (f_leaders.lua)
  local function removed(u) game.log({ key = "sa.sur_unit_removed", p = L.pn(p), unit = u.kind, id = u.id }) end
  if L.sa_leaders then L.sa_leaders.withdraw(p, removed) end
  for _, u in ipairs(game.units { owner = p }) do
    if O.surrender_removes_unit(p, u) then
      game.remove_unit(u.id)
      removed(u)
    end
  end
  -- 3) space docks but the capital's
  for _, u in ipairs(game.units { owner = p }) do
    if utype(p, u.kind) == "space_dock" and O.surrender_removes_dock(p, u, capital) then
      game.remove_unit(u.id)
      game.log({ key = "sa.sur_dock_removed", p = L.pn(p), id = u.id })
    end
  end
  -- 4) garrison
  if capital then
    local n = #L.ground(p, capital)
    local add = math.max(0, math.min(3, 5 - n))
    for _ = 1, add do game.spawn("ground_force", p, { planet = capital }) end
    if add > 0 then game.log({ key = add > 1 and "sa.sur_garrison" or "sa.sur_garrison_1", n = add, planet = L.name("planets", capital) }) end
  end
  -- 5-6) the auctions
  local order = L.order_from(L.speaker())
  local k = 0
  local guard = 0
  while #order > 0 do
    guard = guard + 1
    if guard > 500 then error("surrender auctions did not end") end
    local items = surrender_items(p, capital)
    if #items == 0 then break end
    local chooser = order[k % #order + 1]
    k = k + 1
    local item = game.choose(chooser, { key = "sa.sur_choose_item", p = L.pn(p) }, items)
    local rot = L.order_from(chooser)
    local winner, bid = auction(item, chooser, rot)
    if bid > 0 then L.pay(winner, bid, "influence") end
    game.log({ key = "sa.sur_wins", p = L.pn(winner), item = item, n = bid })
    local what, id = item:match("^(%a+):(.+)$")
    if what == "planet" then
      L.take_control(winner, id, true)
      for _, u in ipairs(game.units { planet = id, owner = p }) do game.set_unit_owner(u.id, winner) end
    else
      local s = system_of(id)
      for _, u in ipairs(game.units { system = s, owner = p }) do
        if not u.planet or game.planet_owner(u.planet) ~= p then game.set_unit_owner(u.id, winner) end
      end
      L.reset_cache()
      L.enforce_limits(winner, s)
    end
  end
  O.surrender_settled(p, capital)
  O.check_surrendered_trade(p)
  game.window("sa_surrender_done", { player = p, capital = capital })
end

-- Trade agreements with a surrendered player last while he holds a planet.
function O.check_surrendered_trade(p)
  if #game.planets_owned(p) > 0 then return end
  local list = game.get("game", nil, "agreements") or {}
  local keep, gone = {}, false
  for _, a in ipairs(list) do
    if a.a == p or a.b == p then gone = true else keep[#keep + 1] = a end
  end
  if gone then
    game.put("game", nil, "agreements", keep)
    game.log({ key = "sa.sur_trade_ends", p = L.pn(p) })
  end
end

function O.surrender(p)
  game.put("player", p, "sa_surrendered", true)
  game.put("player", p, "sa_surrender_pending", true)
  game.log({ key = "sa.sur_surrenders", p = L.pn(p) })
  if L.sa_victory and L.sa_victory.sync_home then
    L.sa_victory.sync_home(p)
  elseif L.controls_home(p) then
    game.add(p, "vp", -math.min(2, math.max(0, game.counter(p, "vp"))))
  end
  for _, z in ipairs({ "actions:" .. p, "politics:" .. p }) do
    local disc = z:sub(1, 7) == "actions" and "discard:actions" or "discard:politics"
    for _, c in ipairs(game.zone(z)) do game.move_card(c, z, disc) end
  end
  local left = {}
  for q = 1, game.num_players() do if not O.surrendered(q) then left[#left + 1] = q end end
  if #left == 1 then
    game.put("game", nil, "winner", left[1])
    game.put("game", nil, "won_by", "is the last player who has not surrendered")
    game.log({ key = "sa.sur_last_player", p = L.pn(left[1]) })
    error({ game_over = true, commit = true }, 0)
  end
  if L.speaker() == p then
    local nxt = L.order_from(p)[1]
    if nxt and nxt ~= p then
      game.put("game", nil, "speaker", nxt)
      game.log({ key = "sa.is_speaker", p = L.pn(nxt) })
    end
  end
end

-- Surrendered players are left out of every player order.
local base_order = L.order_from
function L.order_from(first)
  local out = base_order(first)
  local any = false
  for _, q in ipairs(out) do if O.surrendered(q) then any = true end end
  if not any then return out end
  return filter(out, function(q) return not O.surrendered(q) end)
end

local function install_surrender()
  -- (In the action phase he stays in the initiative order, where he passes
  -- at once: the phase ends when everybody has passed.)
  local in_status = false
  local base_io = L.initiative_order
  function L.initiative_order()
    local out = base_io()
    if not in_status then return out end
    return filter(out, function(q) return not O.surrendered(q) end)
  end
  local base_ao = game.procedure_fn("action_options")
  procedure("action_options", function(p)
    if O.surrendered(p) then return { "pass" } end
    local opts = base_ao(p)
    if opt("sa_surrender") and contains(opts, "pass") then opts[#opts + 1] = "surrender" end
    -- (UNCERTAIN, ours: when everybody else has surrendered the last player
    -- wins; see O.surrender)
    return opts
  end)
  local base_take = L.take_action
  function L.take_action(p, act)
    if act == "surrender" then
      O.surrender(p)
      return { player = p, active = p }
    end
    return base_take(p, act)
  end
  local base_status = game.procedure_fn("status_phase")
  procedure("status_phase", function(ctx)
    in_status = true
    local ok, r = pcall(base_status, ctx)
    in_status = false
    if not ok then error(r, 0) end
    for q = 1, game.num_players() do
      if game.get("player", q, "sa_surrender_pending") then
        game.put("player", q, "sa_surrender_pending", nil)
        O.resolve_surrender(q)
      end
      if O.surrendered(q) then O.check_surrendered_trade(q) end
    end
    return r
  end)
end
O.installers[#O.installers + 1] = install_surrender

---------------------------------------------------------------------------
-- APPENDIX 4: SCENARIO MAPS. Home system bidding, unstable wormholes and
-- border tokens. The maps are in maps.yaml (our stand-ins: the seed's maps
-- are pictures we do not have).

local function parse_hex(h)
  local q, r = tostring(h):match("^(%-?%d+),(%-?%d+)$")
  return tonumber(q), tonumber(r)
end

-- Home system bidding (seed appendix 4). From the first player (seat 1,
-- the highest roller of initiation step 2; another rule may name him in the
-- game prop sa_first_bidder) clockwise, a player without a flag on the map
-- either puts his flag with a bid (0 or more) on a free home location or
-- outbids the flag on a taken one, whose owner takes his flag back and bids
-- again on his next turn; a player whose flag is on the map is passed over.
-- When every flag is down, each player gains the highest bid minus his own
-- in trade goods (the seed: bids 6, 1, 0 give 0, 5, 6).
-- Our limit: a bid is at most O.MAX_BID (the seed sets none; it only keeps
-- the questions finite). Returns player -> index in `homes`.
O.MAX_BID = 20
function O.home_bidding(homes)
  local n = game.num_players()
  if #homes < n then error("home system bidding: the map has " .. #homes .. " home locations for " .. n .. " players") end
  local holder, value, flag = {}, {}, {}
  local placed = 0
  local first = game.get("game", nil, "sa_first_bidder") or 1
  game.log({ key = "sa.hb_first", p = L.pn(first) })
  local turn, guard = 0, 0
  while placed < n do
    guard = guard + 1
    if guard > 10000 then error("home system bidding did not end") end
    local p = ((first - 1 + turn) % n) + 1
    turn = turn + 1
    if not flag[p] then
      local opts, state = {}, {}
      for k, h in ipairs(homes) do
        if not holder[k] then
          opts[#opts + 1] = h
          state[#state + 1] = h .. " free"
        else
          state[#state + 1] = h .. " " .. L.pn(holder[k]) .. ":" .. value[k]
          if value[k] < O.MAX_BID then opts[#opts + 1] = h end
        end
      end
      local pick = game.choose(p, { key = "sa.hb_bid_on", state = state }, opts)
      local k
      for i, h in ipairs(homes) do if h == pick then k = i end end
      local low = holder[k] and (value[k] + 1) or 0
      local amounts = {}
      for v = low, O.MAX_BID do amounts[#amounts + 1] = tostring(v) end
      local bid = tonumber(game.choose(p, { key = "sa.hb_amount", hex = pick }, amounts))
      if holder[k] then
        local prev = holder[k]
        flag[prev] = nil
        placed = placed - 1
        game.log({ key = "sa.hb_outbids", p = L.pn(p), q = L.pn(prev), hex = pick, n = bid })
      else
        game.log({ key = "sa.hb_bids", p = L.pn(p), n = bid, hex = pick })
      end
      holder[k], value[k], flag[p] = p, bid, k
      placed = placed + 1
    end
  end
  local top = 0
  for p = 1, n do top = math.max(top, value[flag[p]]) end
  for p = 1, n do
    local gain = top - value[flag[p]]
    game.put("player", p, "sa_home_bid", value[flag[p]])
    game.put("player", p, "sa_home_bid_tg", gain)
    game.log({ key = "sa.hb_starts", p = L.pn(p), hex = homes[flag[p]], n = value[flag[p]] })
    -- (ti3 setup_player, run after the galaxy is built, sets every
    -- player's trade goods to 0: the gains are handed out once the players
    -- are set up, through the SA setup's L.sa_setup_tg when there is one.)
    if gain > 0 then
      -- (The SA setup hands such trade goods out in a full setup only.)
      if L.sa_setup_tg and L.sa_setup and L.sa_setup.full then L.sa_setup_tg(p, gain, "home system bidding")
      else O.pending_tg[#O.pending_tg + 1] = { p = p, n = gain } end
    end
  end
  return flag
end
O.pending_tg = {}

-- Unstable wormholes and border tokens (seed appendix 4). Their rules are
-- the "Other Tokens" of appendix I, which rules/j_tokens.lua implements
-- (double-sided wormhole tokens flip when a turn ends in which some fleet
-- came into their system; asteroid belts, space-time anomalies and standing
-- grav waves as galaxy border tokens). The maps only say where they lie:
--   sa_unstable_wormholes: hex -> the side up (the other side is the other
--     of alpha / beta)
--   sa_borders: {a, b, kind}; a standing grav wave is crossed from a to b.
local function tokens()
  local T = L.sa_tokens
  if not T or not T.place_border or not T.place_flip_wormhole then
    error("the scenario map's tokens need rules/j_tokens.lua (L.sa_tokens)")
  end
  return T
end

function O.place_map_tokens(m)
  for _, b in ipairs(m.sa_borders or {}) do
    local a, c = game.system_at(b.a), game.system_at(b.b)
    if not a or not c then error("border token between " .. tostring(b.a) .. " and " .. tostring(b.b) .. ": no such system") end
    tokens().place_border(a, c, b.kind)
  end
  for _, h in ipairs(game.keys(m.sa_unstable_wormholes or {})) do
    local s = game.system_at(h)
    if not s then error("unstable wormhole at " .. h .. ": no such system") end
    local up = m.sa_unstable_wormholes[h]
    tokens().place_flip_wormhole(s, up, up == "alpha" and "beta" or "alpha")
  end
end

-- build_galaxy: bidding maps (or any map with the sa_home_bidding option)
-- get their homes by bidding; then the map's tokens are placed.
local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local m = game.data.maps[ctx.map]
  if not m or not (m.sa_bidding or opt("sa_home_bidding")) or m.procedure or not m.homes then
    local r = base_build(ctx)
    if m then O.place_map_tokens(m) end
    return r
  end
  local seat = O.home_bidding(m.homes)
  for _, h in ipairs(game.keys(m.tiles)) do
    local s = game.add_system(m.tiles[h], h)
    for _, pl in ipairs((game.data.systems[m.tiles[h]] or {}).planets or {}) do game.add_planet(pl, s) end
  end
  for p = 1, game.num_players() do
    local tile = L.faction(p).home_system
    local s = game.add_system(tile, m.homes[seat[p]])
    for _, pl in ipairs((game.data.systems[tile] or {}).planets or {}) do game.add_planet(pl, s) end
    game.put("player", p, "home", s)
  end
  game.call("link_wormholes")
  O.place_map_tokens(m)
end)

---------------------------------------------------------------------------
-- GRAVITY RIFTS (seed appendix 5; "integral parts of SA", so always on).
--   * A ship moving through a rift (entering and leaving it) in a
--     non-straight line (not leaving by the side opposite the one it came
--     in by) gains 1 movement: that exit costs nothing.
--   * Ships in a rift do not block other players' movement.
--   * Without Maneuvering Jets, each ship rolls one die for each rift it
--     passes through; on 1-3 it ends its move there, and a command counter
--     from reinforcements goes into the rift; if other players' ships are
--     already there, the ship is destroyed (the seed says "the moving fleet":
--     we destroy the ship, as the later SA rulebook does, with its cargo).
-- Our choices: a ship takes the route through the fewest rifts that its
-- movement allows; a wormhole on the way in or out gives no bonus (later SA:
-- "or using wormholes"); a ship starting in a rift is not moving through it;
-- what the stopped ship carries (fighters, ground forces from its origin, up
-- to its capacity) stays with it.
local function is_rift(s)
  local a = (game.data.systems[game.tile_of(s)] or {}).anomaly
  -- (The anomaly a counter made of s, asked once: it reads a game prop.)
  local made = L.optb and L.optb.anomaly_of and L.optb.anomaly_of(s)
  if made then a = made end
  return a == "gravity_rift"
end
O.is_rift = is_rift

local function step_dir(a, b)
  local ha, hb = game.system(a).hex, game.system(b).hex
  if not ha or not hb or game.hex_distance(ha, hb) ~= 1 then return nil end
  local qa, ra = parse_hex(ha)
  local qb, rb = parse_hex(hb)
  return (qb - qa) .. "," .. (rb - ra)
end

-- The route from `from` to `target` through the fewest rifts whose cost is
-- within `move`, under the move rules `rules` (blocked / stop lists).
-- Returns cost, {rift systems passed, in order} or nil.
function O.rift_route(from, target, move, rules)
  local blocked, stop = {}, {}
  for _, s in ipairs(rules.blocked or {}) do blocked[s] = true end
  for _, s in ipairs(rules.stop or {}) do stop[s] = true end
  -- (The search changes nothing: whether a system is a rift, its neighbours
  -- and the direction of a step are looked up once per system or step
  -- during it, not each time a state of the search reaches them.)
  local rift_of, adjacent_of, dir_of = {}, {}, {}
  local function rift_at(s)
    local v = rift_of[s]
    if v == nil then v = is_rift(s); rift_of[s] = v end
    return v
  end
  local function adjacent(s)
    local l = adjacent_of[s]
    if not l then l = game.adjacent(s, "move"); adjacent_of[s] = l end
    return l
  end
  local function step_dir_of(a, b)
    local row = dir_of[a]
    if not row then row = {}; dir_of[a] = row end
    local d = row[b]
    if d == nil then d = step_dir(a, b) or false; row[b] = d end
    return d or nil
  end
  local MAXR = 3
  for rmax = 0, MAXR do
    -- state key: x .. ":" .. prev .. ":" .. r  ->  { cost, parent key }
    local best = {}
    local queue = { { x = from, prev = 0, r = 0, cost = 0 } }
    best[from .. ":0:0"] = { cost = 0 }
    local head = 1
    local found
    while head <= #queue do
      local st = queue[head]; head = head + 1
      local key = st.x .. ":" .. st.prev .. ":" .. st.r
      if best[key].cost == st.cost then
        if st.x == target then
          if not found or st.cost < found.cost then found = { cost = st.cost, key = key } end
        elseif st.x == from or not stop[st.x] then
          for _, y in ipairs(adjacent(st.x)) do
            if not blocked[y] and y ~= st.prev then
              local c, r = 1, st.r
              if st.x ~= from and rift_at(st.x) then
                r = r + 1
                local d1, d2 = st.prev ~= 0 and step_dir_of(st.prev, st.x), step_dir_of(st.x, y)
                if d1 and d2 and d1 ~= d2 then c = 0 end
              end
              local nc = st.cost + c
              if r <= rmax and nc <= move then
                local nk = y .. ":" .. st.x .. ":" .. r
                if not best[nk] or best[nk].cost > nc then
                  best[nk] = { cost = nc, parent = key }
                  queue[#queue + 1] = { x = y, prev = st.x, r = r, cost = nc }
                end
              end
            end
          end
        end
      end
    end
    if found then
      local rifts, k = {}, found.key
      local chain = {}
      while k do
        local x = tonumber(k:match("^(%d+):"))
        table.insert(chain, 1, x)
        k = best[k].parent
      end
      for i = 2, #chain - 1 do if rift_at(chain[i]) then rifts[#rifts + 1] = chain[i] end end
      return found.cost, rifts
    end
  end
  return nil
end

O.rift_paths = nil -- unit id -> rifts passed, while a movement step runs

-- Hooks of the rift rules (a variant with other rift rules replaces them):
--   O.rift_start(p)  where p's units are as a movement step begins (unit id
--                    -> system): here his units in space;
--   O.after_rift_movement(p, target, paths, before, start)  after the
--                    movement into target: the rift rolls (paths: unit id ->
--                    rifts passed; before: the units in target's space
--                    before the move).
function O.rift_start(p)
  local start = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do start[u.id] = u.system end
  return start
end

-- The ships that came into target in the movement step, and the units they
-- carried (by the system they started in).
function O.rift_arrivals(p, target, before, start)
  local arrived, cargo = {}, {}
  for _, u in ipairs(game.units { system = target, owner = p, space = true }) do
    if not before[u.id] and u.carried == nil then
      if L.def(p, u.kind).class == "ship" then arrived[#arrived + 1] = u
      elseif L.def(p, u.kind).transported then
        cargo[start[u.id] or 0] = cargo[start[u.id] or 0] or {}
        table.insert(cargo[start[u.id] or 0], u)
      end
    end
  end
  return arrived, cargo
end

-- What ship u carried with it (from the cargo that started where it did, up
-- to its capacity; each unit taken once).
function O.rift_cargo(p, u, cargo, start)
  local room = L.def(p, u.kind).capacity or 0
  local with = {}
  for _, c in ipairs(cargo[start[u.id] or 0] or {}) do
    if room > 0 and game.unit_exists(c.id) and not c.taken then
      c.taken = true
      with[#with + 1] = c
      room = room - 1
    end
  end
  return with
end

-- Rift rolls for the ships that came through rifts.
function O.after_rift_movement(p, target, paths, before, start)
  local jets = game.holds(p, "techs", "maneuvering_jets")
  local arrived, cargo = O.rift_arrivals(p, target, before, start)
  for _, u in ipairs(arrived) do
    local rifts = paths and paths[u.id] or {}
    if #rifts > 0 and jets then
      game.log({ key = "sa.rift_jets", p = L.pn(p), unit = u.kind, id = u.id })
    elseif #rifts > 0 then
      for _, rs in ipairs(rifts) do
        local hits = game.roll({ key = "sa.rift_roll", p = L.pn(p), unit = u.kind, id = u.id, hex = hex(rs) }, 1, 4)
        if hits == 0 then
          -- The ship ends its move in the rift, with what it carries.
          local with = O.rift_cargo(p, u, cargo, start)
          if #L.other_ships(p, rs) > 0 then
            game.remove_unit(u.id)
            for _, c in ipairs(with) do game.remove_unit(c.id) end
            game.log({ key = "sa.rift_destroyed", unit = u.kind, id = u.id, system = L.sysname(rs) })
          else
            game.move_unit(u.id, { system = rs })
            for _, c in ipairs(with) do game.move_unit(c.id, { system = rs }) end
            game.log({ key = "sa.rift_caught", unit = u.kind, id = u.id, system = L.sysname(rs) })
            if not game.has_token(rs, "command", p) and L.reinforcements(p) > 0 then
              game.place_token(rs, "command", p)
              game.log({ key = "sa.rift_command_counter", p = L.pn(p), system = L.sysname(rs) })
            end
            L.enforce_limits(p, rs)
          end
          break
        end
      end
    end
  end
  if #L.enemies_in(p, target) == 0 then L.enforce_limits(p, target) end
end

local function install_rifts()
  local base_rules = L.move_rules
  function L.move_rules(p, target)
    local r = base_rules(p, target)
    local fe, st = {}, {}
    for _, s in ipairs(r.free_exit or {}) do if not is_rift(s) then fe[#fe + 1] = s end end
    for _, s in ipairs(r.stop or {}) do if not is_rift(s) then st[#st + 1] = s end end
    r.free_exit, r.stop = fe, st
    return r
  end

  local base_movers = L.movers
  function L.movers(p, target, rules)
    local list = base_movers(p, target, rules)
    local any = false
    for s = 1, game.num_systems() do if is_rift(s) then any = true; break end end
    if not any then return list end
    local seen = {}
    for _, m in ipairs(list) do seen[m.unit.id] = m end
    O.rift_paths = O.rift_paths or {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
        local d = L.def(p, u.kind)
        if d.class == "ship" and (d.move or 0) > 0 then
          local cost, rifts
          local function search() cost, rifts = O.rift_route(u.system, target, L.move_value(p, u, u.system), rules) end
          if L.sa_tokens and L.sa_tokens.with_passage then L.sa_tokens.with_passage(p, search) else search() end
          if cost then
            O.rift_paths[u.id] = rifts
            if not seen[u.id] then list[#list + 1] = { unit = u, cost = cost } end
          end
        end
      end
    end
    return list
  end

  local G = L.sa_general
  local function any_rift()
    for t = 1, game.num_systems() do if is_rift(t) then return true end end
    return false
  end
  -- Space mines (000 l.109): a ship may reach its destination by a route
  -- with rift bonuses, and crosses the mined borders on it.
  if G and G.reaches then
    local base_reaches = G.reaches
    function G.reaches(p, x, target, rules)
      if base_reaches(p, x, target, rules) then return true end
      return any_rift() and O.rift_route(x.from, target, x.move, rules) ~= nil
    end
  end
  -- Cargo on the way (000 l.93): a ship passes the rifts of the route it
  -- took, and the systems a route with rift bonuses leads it through.
  if G and G.route_passes then
    local base_passes = G.route_passes
    function G.route_passes(p, x, s, target, rules)
      if base_passes(p, x, s, target, rules) then return true end
      for _, r in ipairs((O.rift_paths or {})[x.unit.id] or {}) do
        if r == s then return true end
      end
      if not any_rift() then return false end
      local c1 = O.rift_route(x.from, s, x.move, rules)
      local c2 = c1 and O.rift_route(s, target, x.move - c1, rules)
      return c1 ~= nil and c2 ~= nil
    end
  end

  local base_movement = game.procedure_fn("movement")
  procedure("movement", function(ctx)
    local p, target = ctx.player, ctx.system
    O.rift_paths = {}
    local before = {}
    for _, u in ipairs(game.units { system = target, space = true }) do before[u.id] = true end
    local start = O.rift_start(p)
    local ok, err = pcall(base_movement, ctx)
    local paths = O.rift_paths
    O.rift_paths = nil
    if not ok then error(err, 0) end
    O.after_rift_movement(p, target, paths, before, start)
  end)
end
O.installers[#O.installers + 1] = install_rifts

---------------------------------------------------------------------------
-- APPENDIX 3: 2-PLAYER GAMES (duels). In force in every 2-player game.
--   * Setup: as usual except step 3 (no secret objectives); no preliminary
--     objective and no Magisterial or Imperial special objective (the SA
--     setup, rules/a_setup.lua, leaves them out). The galaxy: two rings with
--     the homes on opposite sides; maps standard_2p (ours) and sa_preset_2p
--     in maps.yaml, or duel_draft, built by turn placement as the appendix
--     describes (procedure sa_build_duel_galaxy below).
--     The ti3 setup refuses fewer than 3 players: for 2 players its check is
--     passed over (O.run_setup). [A ti3 change would be cleaner: see the
--     report.]
--   * Strategy phase: three cards each, leaving two with bonus counters (the
--     SA strategy phase counts the picks: strategy.yaml sa_strategy_counts);
--     a speaker who held Assembly the round before may not take it with his
--     first pick.
--   * Status phase: one command counter fewer (the `extra_command_counters`
--     flag counts one less).
--   * Assembly: with option (a) (take the speaker token, the opponent puts an
--     agenda to the vote) the holder may put his own agenda to the vote too;
--     with option (b) (give the speaker token away) he has 3 more votes on
--     the agendas of that primary.
--   * Voting: when an agenda is revealed the lowest of three dice a player
--     rolls is added to his votes on it; a voter may buy votes for 1 trade good
--     each (asked when he casts his votes; the seed's secret bidding is not
--     modelled, the answers being sequential). The Voice of the Council gives
--     3 votes instead of 5.
--   * Trade: a player may only trade with himself (both his contracts in one
--     agreement, with the Trade holder's approval); Trade has no option (b).
--   * Mentak: every second time Mentak uses Pillage (takes trade goods), he
--     also gains 1 trade good (UNCERTAIN: "in addition" is our reading).
--   * Xxcha: after playing Diplomacy's (or Diplomacy II's) primary, he may
--     spend 1 strategy command counter and 2 influence to use it once more.
--   * Objectives that spend influence, resources, trade goods or command
--     counters ask half, rounded up.
--   * Cards (the traditional decks of the ti3 pack): Rise of a Messiah places
--     at most 3 ground forces; Flank Speed: no planetary landings in that
--     action; Sharing of Technology, if For: each player may gain a
--     technology his opponent has; Public Execution leaves the deck; Local
--     Unrest makes no planet neutral while units remain on it; Public
--     Disgrace is never played on the opponent's first strategy card pick;
--     the action First Strike lets a player take first starts no planetary
--     landings; Open the Trade Routes' Against hands only the next three
--     trade goods each player receives this round to his opponent.

-- Two players may play (appendix 2), besides ti3's counts.
local base_player_counts = L.player_counts
function L.player_counts()
  local _, hi = base_player_counts()
  return 2, hi
end

-- Setup for 2 players: the count comes from the races when no count is given.
function O.run_setup(base, args)
  local n = args and (args.players or (args.races and #args.races)) or 6
  if n == 2 then args.players = 2 end
  return base(args)
end

-- Cards out of the 2-player decks.
O.DUEL_REMOVED = { political_cards = { "public_execution" } }

O.after_setup[#O.after_setup + 1] = function()
  if not O.duel() then return end
  if game.zone_count("sa_removed") == 0 then game.zone_new("sa_removed") end
  for _, id in ipairs(O.DUEL_REMOVED.political_cards) do
    for _, c in ipairs(game.zone("deck:politics")) do
      if c == id then game.move_card(c, "deck:politics", "sa_removed") end
    end
  end
end

local function halve(n) return math.ceil(n / 2) end

-- Two players (appendix 2): every objective that asks to spend influence,
-- resources or trade goods costs half its printed value, rounded up (seed
-- 000); command counters are not such a sum and stay as printed.
local base_objective_cost = L.objective_cost
function L.objective_cost(p, d, cost)
  local c = base_objective_cost(p, d, cost)
  if not c or not O.duel() then return c end
  local out = {}
  for _, k in ipairs(game.keys(c)) do
    out[k] = (k == "command_counters") and c[k] or halve(c[k])
  end
  return out
end

-- The 2-player galaxy by turn placement (appendix 3): a random anomaly
-- ("red") tile in the middle; the base and SE system tiles without home
-- systems, special systems and the high-resource systems (Bereg, Abyz, Meer,
-- Ashtroth: seed, galaxy building) are shuffled and 8 are dealt to each
-- player; from p1 (the highest roller) the players take turns placing one of
-- theirs on a free hex of the innermost ring with free hexes (two rings,
-- homes facing each other on ring 2), never next to another anomaly or a
-- matching wormhole unless nothing else is free in that ring. The
-- appendix's artifact placement (blank artifacts handed out, one at Mallice
-- and one in the middle) is not done: the ti3 artifacts option places its
-- tokens its own way. Mecatol Rex is not placed (the red tile takes the
-- middle); see the end of the procedure.
O.HIGH_RESOURCE = { bereg = true, abyz = true, meer = true, ashtroth = true }
O.DUEL_HOMES = { "0,-2", "0,2" }

local NEIGH = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }
local function conflicts(tile, h, placed)
  local d = game.data.systems[tile] or {}
  local q, r = tostring(h):match("^(%-?%d+),(%-?%d+)$")
  q, r = tonumber(q), tonumber(r)
  for _, o in ipairs(NEIGH) do
    local other = placed[(q + o[1]) .. "," .. (r + o[2])]
    if other then
      local od = game.data.systems[other] or {}
      if d.anomaly and od.anomaly then return true end
      for _, w in ipairs(d.wormholes or {}) do
        if contains(od.wormholes, w) then return true end
      end
    end
  end
  return false
end

procedure("sa_build_duel_galaxy", function(ctx)
  local placed = {}
  local function put(tile, h, home)
    local s = game.add_system(tile, h)
    for _, pl in ipairs((game.data.systems[tile] or {}).planets or {}) do game.add_planet(pl, s) end
    if home then game.put("player", home, "home", s) end
    placed[h] = tile
  end
  local reds, pool = {}, {}
  for _, id in ipairs(game.keys(game.data.systems)) do
    local d = game.data.systems[id]
    local high = false
    for _, pl in ipairs(d.planets or {}) do if O.HIGH_RESOURCE[pl] then high = true end end
    if d.expansion ~= "shards_of_the_throne" and (d.kind == "normal" or d.kind == "empty" or d.kind == "anomaly") then
      if d.kind == "anomaly" then reds[#reds + 1] = id end
      if not high then pool[#pool + 1] = id end
    end
  end
  local center = reds[game.random(#reds)]
  put(center, "0,0")
  game.log({ key = "sa.duel_galaxy_center", system = L.name("systems", center) })
  for p, h in ipairs(O.DUEL_HOMES) do put(L.faction(p).home_system, h, p) end
  pool = filter(pool, function(t) return t ~= center end)
  for i = #pool, 2, -1 do
    local j = game.random(i)
    pool[i], pool[j] = pool[j], pool[i]
  end
  local hands = { {}, {} }
  for i = 1, 16 do table.insert(hands[(i - 1) % 2 + 1], pool[i]) end
  local free = {}
  for q = -2, 2 do
    for r = -2, 2 do
      local h = q .. "," .. r
      local d = game.hex_distance(h, "0,0")
      if d >= 1 and d <= 2 and not placed[h] then free[#free + 1] = h end
    end
  end
  table.sort(free)
  local turn = 0
  while #free > 0 do
    -- (the placing order: ti3's hook for the drafted galaxy, p1 first)
    local p = L.draft_placer({ 1, 2 }, turn)
    turn = turn + 1
    local hand = hands[p]
    if #hand == 0 then break end
    local opts = {}
    for _, t in ipairs(hand) do opts[#opts + 1] = t end
    table.sort(opts)
    local tile = game.choose(p, { key = "sa.duel_galaxy_tile" }, opts)
    local ring = 9
    for _, h in ipairs(free) do ring = math.min(ring, game.hex_distance(h, "0,0")) end
    local in_ring, legal = {}, {}
    for _, h in ipairs(free) do
      if game.hex_distance(h, "0,0") == ring then
        in_ring[#in_ring + 1] = h
        if not conflicts(tile, h, placed) then legal[#legal + 1] = h end
      end
    end
    if #legal == 0 then legal = in_ring end
    local h = game.choose(p, { key = "sa.duel_galaxy_hex", tile = tile }, legal)
    for i, t in ipairs(hand) do if t == tile then table.remove(hand, i); break end end
    for i, x in ipairs(free) do if x == h then table.remove(free, i); break end end
    put(tile, h)
    game.log({ key = "sa.sbs_places", p = L.pn(p), system = L.name("systems", tile), hex = h })
  end
  -- Mecatol Rex is not in this galaxy; the rules that look it up (ti3's
  -- objectives) find it set far off the board, out of everybody's reach
  -- (as options_b sets the Wormhole Nexus aside).
  local mr = game.add_system("mecatol_rex", O.DUEL_MECATOL_HEX)
  for _, pl in ipairs((game.data.systems.mecatol_rex or {}).planets or {}) do game.add_planet(pl, mr) end
  game.call("link_wormholes")
end)
O.DUEL_MECATOL_HEX = "20,-40"

local function faction_id(p) return game.get("player", p, "faction") end

local function install_duel()
  -- One command counter fewer in the status phase.
  local base_flag = L.flag
  function L.flag(p, name)
    local v = base_flag(p, name)
    if name == "extra_command_counters" and type(p) == "number" and O.duel() then v = v - 1 end
    return v
  end

  -- Assembly held last round: no first pick of it for the speaker.
  local base_return = game.procedure_fn("return_strategy_cards")
  procedure("return_strategy_cards", function(ctx)
    game.put("game", nil, "sa_duel_last_assembly", game.get("game", nil, "sc_owner:assembly") or false)
    return base_return(ctx)
  end)
  local base_sp = game.procedure_fn("strategy_phase")
  procedure("strategy_phase", function(ctx)
    local barred = O.duel() and O.duel_first_pick_no_assembly(game.get("game", nil, "sa_duel_last_assembly") or false)
    if not barred then return base_sp(ctx) end
    O.no_first_assembly = barred
    local ok, r = pcall(base_sp, ctx)
    O.no_first_assembly = nil
    if not ok then error(r, 0) end
    return r
  end)
  local base_choices = L.strategy_card_choices
  function L.strategy_card_choices(p, free)
    if O.no_first_assembly ~= p then return base_choices(p, free) end
    O.no_first_assembly = nil
    if contains(free, "assembly") and #free > 1 then
      game.log({ key = "sa.duel_no_assembly", p = L.pn(p) })
      return base_choices(p, filter(free, function(o) return o ~= "assembly" end))
    end
    return base_choices(p, free)
  end

  -- Assembly's options.
  local base_chosen = L.assembly_chosen
  function L.assembly_chosen(p, pick)
    local watch = O.duel_assembly
    if watch and watch.player == p and not watch.picked then
      watch.picked = pick
      if pick == "give the speaker token" then
        game.put("game", nil, "sa_duel_vote_bonus", { player = p, votes = 3 })
      end
    end
    return base_chosen(p, pick)
  end
  -- The Voice of the Council: 3 votes, not 5.
  local base_votes = L.votes
  function L.votes(p)
    local v = base_votes(p)
    if O.duel() and game.get("game", nil, "objective_controller:voice_of_the_council") == p then
      local full = ((game.data.sa_strategy_rules or {}).rules or {}).voice_votes or 5
      v = v - full + 3
    end
    return v
  end

  -- Trade: with oneself only; no option (b).
  local base_neg = L.negotiate
  function L.negotiate(holder)
    if not O.duel() then return base_neg(holder) end
    for _, p in ipairs(L.order_from(holder)) do
      local used = false
      for _, a in ipairs(game.get("game", nil, "agreements") or {}) do
        if a.a == p or a.b == p then used = true end
      end
      local race = L.faction(p)
      if not used and #((race and race.trade_agreements) or {}) >= 2
        and game.choose(p, { key = "sa.duel_self_trade" }, { "no", "yes" }) == "yes" then
        local ok = holder == p or game.choose(holder, { key = "sa.approve_self_trade", p = L.pn(p) }, { "approve", "refuse" }) == "approve"
        if ok then
          local list = game.get("game", nil, "agreements") or {}
          list[#list + 1] = { a = p, ai = 1, b = p, bi = 2 }
          game.put("game", nil, "agreements", list)
          game.log({ key = "sa.duel_trades_self", p = L.pn(p) })
        end
      end
    end
  end
  local base_trade_choices = L.trade_choices
  function L.trade_choices(p, title, options)
    if O.duel() then
      local keep = filter(options, function(o) return not (o:find("cancel", 1, true) or o:find("break", 1, true)) end)
      if #keep < #options and #keep > 0 then options = keep end
    end
    return base_trade_choices(p, title, options)
  end

  -- Mentak: every second pillage also gains 1 trade good.
  local base_pillage_picked = L.pillage_picked
  function L.pillage_picked(p, q, def)
    base_pillage_picked(p, q, def)
    if not O.duel() or faction_id(p) ~= "mentak" then return end
    local use = O.duel_pillage_use(p)
    if game.get("player", p, "sa_duel_pillage_round") == use then return end
    game.put("player", p, "sa_duel_pillage_round", use)
    local n = (game.get("player", p, "sa_duel_pillages") or 0) + 1
    game.put("player", p, "sa_duel_pillages", n)
    if n % 2 == 0 then L.gain_tg(p, 1, "every second Pillage (2 players)") end
  end

  -- Xxcha: Diplomacy's primary once more.
  local base_sa = game.procedure_fn("strategic_action")
  procedure("strategic_action", function(ctx)
    local r = base_sa(ctx)
    local p, id = ctx.player, ctx.card
    if O.duel() and p and faction_id(p) == "xxcha" and (id == "diplomacy" or id == "diplomacy_ii") then
      local d = game.data.strategy_cards[id]
      if d and type(d.handler) == "table" and d.handler.primary and O.xxcha_again_offered(p, id) and game.counter(p, "strategy") > 0
        and L.spendable(p, "influence") >= 2
        and game.choose(p, { key = "sa.duel_xxcha_again", card = L.name("strategy_cards", id), id = id }, { "no", "yes" }) == "yes" then
        game.add(p, "strategy", -1)
        L.pay(p, 2, "influence")
        game.log({ key = "sa.duel_xxcha_again_done", p = L.pn(p), card = L.name("strategy_cards", id) })
        d.handler.primary(p, d, ctx)
      end
    end
    return r
  end)

  -- Flank Speed: no planetary landings in that action; First Strike: none
  -- in the action it lets the player take first.
  local base_commit = game.procedure_fn("commit_ground_forces")
  procedure("commit_ground_forces", function(ctx)
    if O.duel() and ctx.player and game.get("player", ctx.player, "sa_duel_first_strike") then
      game.log({ key = "sa.duel_first_strike" })
      return
    end
    if O.duel() and ctx.player then
      for _, u in ipairs(game.units { owner = ctx.player }) do
        if game.get("unit", u.id, "flank_speed") then
          game.log({ key = "sa.duel_flank_speed" })
          return
        end
      end
    end
    return base_commit(ctx)
  end)
end
O.installers[#O.installers + 1] = install_duel
-- The First Strike action ends with the player's turn.
game.on("turn_end", function(ctx)
  if ctx.player and game.get("player", ctx.player, "sa_duel_first_strike") then
    game.put("player", ctx.player, "sa_duel_first_strike", nil)
  end
end)

-- The 2-player card rules wrap the cards' handlers once every pack has loaded
-- (card scripts load after the rules); each wrapper hands over to the card
-- when the game is not a duel.
local duel_handlers_wrapped = false
local function wrap_duel_handlers()
  if duel_handlers_wrapped then return end
  duel_handlers_wrapped = true
  local asm = game.data.strategy_cards.assembly
  local h = asm and asm.handler
  if type(h) == "table" and h.primary then
    local base_primary = h.primary
    h.primary = function(p, def, ctx)
      if not O.duel() then return base_primary(p, def, ctx) end
      local outer = O.duel_assembly
      local watch = { player = p }
      O.duel_assembly = watch
      local ok, err = pcall(base_primary, p, def, ctx)
      O.duel_assembly = outer
      game.put("game", nil, "sa_duel_vote_bonus", nil)
      if not ok then error(err, 0) end
      local picked = watch.picked
      if picked == "take the speaker token" and O.duel_own_agenda_asked(p)
        and game.choose(p, { key = "sa.duel_own_agenda" }, { "no", "yes" }) == "yes" then
        if L.sa_place_agenda then
          local agenda = L.sa_place_agenda(p)
          if agenda then
            game.move_card(agenda, "agenda:assembly", "deck:politics")
            L.political_vote()
          end
        else
          local hand = {}
          for _, c in ipairs(game.zone("politics:" .. p)) do if not contains(hand, c) then hand[#hand + 1] = c end end
          table.sort(hand)
          if #hand > 0 then
            local c = game.choose(p, { key = "sa.duel_play_political" }, hand)
            game.move_card(c, "politics:" .. p, "deck:politics")
            L.political_vote()
          end
        end
      end
    end
  end


  -- Cards.
  local function card(coll, id)
    local d = game.data[coll] and game.data[coll][id]
    return d and type(d.handler) == "table" and d.handler or nil
  end
  local messiah = card("action_cards", "rise_of_a_messiah")
  if messiah and messiah.component then
    local base_c = messiah.component
    messiah.component = function(p, def, ctx)
      if not O.duel() then return base_c(p, def, ctx) end
      local list = game.planets_owned(p)
      table.sort(list)
      local n = 0
      while n < 3 and #list > 0 do
        local opts = {}
        for _, pl in ipairs(list) do opts[#opts + 1] = pl end
        if n > 0 then table.insert(opts, 1, "done") end
        local pl = #opts == 1 and opts[1] or game.choose(p, { key = "sa.duel_messiah" }, opts)
        if pl == "done" then break end
        game.spawn("ground_force", p, { planet = pl })
        list = filter(list, function(x) return x ~= pl end)
        n = n + 1
      end
      game.log({ key = n == 1 and "sa.duel_messiah_done_1" or "sa.duel_messiah_done", p = L.pn(p), n = n })
    end
  end
  local sharing = card("political_cards", "sharing_of_technology")
  if sharing and sharing.resolve then
    local base_r = sharing.resolve
    sharing.resolve = function(outcome, def, ...)
      if not O.duel() or outcome ~= "for" then return base_r(outcome, def, ...) end
      for _, p in ipairs(L.order_from(L.speaker())) do
        local q = p % 2 + 1
        local opts = { "none" }
        for _, t in ipairs(game.holdings(q, "techs")) do
          if not game.holds(p, "techs", t) then opts[#opts + 1] = t end
        end
        table.sort(opts, function(x, y) return x == "none" or (y ~= "none" and x < y) end)
        if #opts > 1 then
          local t = game.choose(p, { key = "sa.duel_sharing" }, opts)
          if t ~= "none" then L.gain_tech(p, t) end
        end
      end
    end
  end
  -- Public Disgrace: never on the opponent's first strategy card pick of
  -- the round (he holds no strategy card yet).
  local disgrace = card("action_cards", "public_disgrace")
  if disgrace and disgrace.when then
    local base_when = disgrace.when
    disgrace.when = function(ctx, p, ...)
      if O.duel() and ctx and ctx.player and #L.cards_of(ctx.player) == 0 then return false end
      return base_when(ctx, p, ...)
    end
  end
  -- First Strike: the action it lets the player take first starts no
  -- planetary landings (player prop sa_duel_first_strike until that turn
  -- ends; install_duel's commit_ground_forces reads it).
  local strike = card("action_cards", "first_strike")
  if strike and strike.run then
    local base_run = strike.run
    strike.run = function(ctx, p, ...)
      local r = base_run(ctx, p, ...)
      if O.duel() then game.put("player", p, "sa_duel_first_strike", true) end
      return r
    end
  end
  -- Open the Trade Routes, Against: only the next three trade goods each
  -- player receives this round go to his opponent.
  local routes_done = {}
  for _, id in ipairs({ "open_the_trade_routes", "open_the_trade_routes_se" }) do
    local routes = card("political_cards", id)
    if routes and routes.tg_gained and not routes_done[routes] then
      routes_done[routes] = true
      local base_gained = routes.tg_gained
      routes.tg_gained = function(ctx, p, def, ...)
        if not O.duel() then return base_gained(ctx, p, def, ...) end
        if p ~= nil or not L.directive_active(def.id) then return end
        local q = L.next_in_rotation(ctx.player)
        local key = "sa_duel_routes:" .. round_no() .. ":" .. ctx.player
        local given = game.get("game", nil, key) or 0
        local n = math.min(ctx.n, game.counter(ctx.player, "tg"), 3 - given)
        if q == ctx.player or n <= 0 then return end
        game.put("game", nil, key, given + n)
        game.add(ctx.player, "tg", -n)
        game.add(q, "tg", n)
        game.log({ key = "ti3.gives_tg_to", p = L.pn(ctx.player), q = L.pn(q), n = n, card = L.name("political_cards", def.id) })
      end
    end
  end
  local unrest = card("action_cards", "local_unrest")
  if unrest and unrest.component and L.card_scripts then
    -- (ti3's card as sa-en plays it, effects/action_cards/local_unrest.lua,
    -- but the planet stays its owner's while any of his units remain on it.)
    local duel_unrest = L.card_scripts.local_unrest {
      -- Home systems too: another player's with his permission
      -- (L.sa_pick_with_home_permission of rules/g_cards.lua).
      home = true,
      pick = function(p, prompt, planets)
        return L.sa_pick_with_home_permission(p, prompt, planets, function(x) return game.planet_system(x) end, "Local Unrest")
      end,
      aftermath = function(_, q, pl)
        if game.count_units { planet = pl, owner = q } == 0 then
          game.set_owner(pl, nil)
          game.log({ key = "sa.duel_unrest_neutral", planet = L.name("planets", pl) })
        else
          game.log({ key = "sa.duel_unrest_stays", planet = L.name("planets", pl), p = L.pn(q) })
        end
      end,
    }
    local base_c = unrest.component
    unrest.component = function(p, def, ctx)
      if not O.duel() then return base_c(p, def, ctx) end
      return duel_unrest.component(p, def, ctx)
    end
  end
end

---------------------------------------------------------------------------
-- PROMISSORY NOTES (option sa_promissory_notes; Shards of the Throne, with
-- SA's appendix 5 changes: not tied to the Assembly card; a player can hand
-- one to another player whenever he likes, say to sweeten a deal; Support of the
-- Throne not used). Each player starts holding his own Monetary, Territorial
-- and Voting Concessions (options_2.yaml; Promise of Protection is left out:
-- it targets council representatives, which SA does not use). A note is
-- played by its holder against its issuer, then goes back to the issuer.
--   * Giving: "at any time" is, here, the start of each turn: the player
--     whose turn it is may hand one note he holds to another player
--     (effects/options2/notes.lua, window turn_start).
--   * Monetary Concession: as an action (action option "note:<issuer>"),
--     the issuer hands all his trade goods to the holder.
--   * Territorial Concession: at the start of a space combat round between
--     holder and issuer, the holder may make the issuer retreat (to a system
--     the issuer picks among his retreat options; a command counter from his
--     reinforcements goes there as in a retreat); the combat ends.
--   * Voting Concession: when an agenda is revealed, the holder may name an
--     outcome; the issuer then votes for it with all his votes (if he has
--     any).
-- Game prop sa_notes: list of { id, issuer, holder }.
function O.notes() return game.get("game", nil, "sa_notes") or {} end

local function save_notes(list) game.put("game", nil, "sa_notes", list) end

function O.note_label(n) return n.id .. "@" .. L.pn(n.issuer) end

O.after_setup[#O.after_setup + 1] = function()
  if not opt("sa_promissory_notes") then return end
  local list = {}
  for p = 1, game.num_players() do
    for _, id in ipairs(game.keys(game.data.sa_promissory_notes or {})) do
      list[#list + 1] = { id = id, issuer = p, holder = p }
    end
  end
  save_notes(list)
end

-- Notes p holds of another player, optionally of one kind.
function O.held_notes(p, id)
  local out = {}
  for i, n in ipairs(O.notes()) do
    if n.holder == p and n.issuer ~= p and (not id or n.id == id) and not O.surrendered(n.issuer) then
      out[#out + 1] = { index = i, note = n }
    end
  end
  return out
end

local function return_note(i)
  local list = O.notes()
  local n = list[i]
  n.holder = n.issuer
  save_notes(list)
  game.log({ key = "sa.note_back", note = L.name("sa_promissory_notes", n.id), p = L.pn(n.issuer) })
end

function O.give_notes(p)
  if O.surrendered(p) then return end
  local opts = { "none" }
  local byl = {}
  for i, n in ipairs(O.notes()) do
    if n.holder == p then
      local l = O.note_label(n)
      if not byl[l] then byl[l] = i; opts[#opts + 1] = l end
    end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "sa.note_hand" }, opts)
  if pick == "none" then return end
  local to = {}
  for q = 1, game.num_players() do if q ~= p and not O.surrendered(q) then to[#to + 1] = L.pn(q) end end
  if #to == 0 then return end
  local q = tonumber(game.choose(p, { key = "sa.note_hand_to", note = pick }, to):sub(2))
  local list = O.notes()
  list[byl[pick]].holder = q
  save_notes(list)
  game.log({ key = "sa.note_hands", p = L.pn(p), note = L.name("sa_promissory_notes", list[byl[pick]].id), issuer = L.pn(list[byl[pick]].issuer), q = L.pn(q) })
end

function O.play_monetary(p, i)
  local n = O.notes()[i]
  local q = n.issuer
  local tg = game.counter(q, "tg")
  game.log({ key = "sa.note_plays", p = L.pn(p), note = L.name("sa_promissory_notes", n.id), issuer = L.pn(q) })
  if tg > 0 then
    game.add(q, "tg", -tg)
    L.gain_tg(p, tg, L.name("sa_promissory_notes", n.id))
  end
  return_note(i)
end

function O.territorial(rc)
  if rc.ground or not rc.system then return end
  local a, d = rc.attacker, rc.defender
  if type(a) ~= "number" or type(d) ~= "number" then return end
  for _, pair in ipairs({ { a, d }, { d, a } }) do
    local holder, issuer = pair[1], pair[2]
    for _, h in ipairs(O.held_notes(holder, "territorial_concession")) do
      if h.note.issuer == issuer and not rc.end_combat then
        local opts = {}
        for _, t in ipairs(L.retreat_options(issuer, rc.system)) do opts[#opts + 1] = hex(t) end
        if #opts > 0 and game.choose(holder, { key = "sa.note_retreat", note = L.name("sa_promissory_notes", h.note.id), id = h.note.id, issuer = L.pn(issuer) }, { "no", "yes" }) == "yes" then
          game.log({ key = "sa.note_retreat_done", p = L.pn(holder), note = L.name("sa_promissory_notes", h.note.id), issuer = L.pn(issuer) })
          local t = system_of(#opts == 1 and opts[1] or game.choose(issuer, { key = "sa.note_retreat_to" }, opts))
          for _, u in ipairs(game.units { system = rc.system, owner = issuer, space = true }) do
            if u.carried == nil then game.move_unit(u.id, { system = t }) end
          end
          if not game.has_token(t, "command", issuer) and L.reinforcements(issuer) > 0 then game.place_token(t, "command", issuer) end
          game.log({ key = "sa.note_retreats", p = L.pn(issuer), system = L.sysname(t) })
          L.enforce_limits(issuer, t)
          rc.end_combat = "retreat"
          return_note(h.index)
          return
        end
      end
    end
  end
end

function O.voting(ctx)
  local id = ctx.agenda
  local d = id and ((game.data.political_cards or {})[id] or (game.data.agendas or {})[id] or (game.data.objectives or {})[id])
  if not d then return end
  local outcomes = L.outcomes(d)
  if #outcomes == 0 then return end
  for _, p in ipairs(L.order_from(L.speaker())) do
    for _, h in ipairs(O.held_notes(p, "voting_concession")) do
      local q = h.note.issuer
      local opts = { "no" }
      for _, o in ipairs(outcomes) do opts[#opts + 1] = o end
      local pick = game.choose(p, { key = "sa.note_vote", note = L.name("sa_promissory_notes", h.note.id), id = h.note.id, issuer = L.pn(q) }, opts)
      if pick ~= "no" then
        game.log({ key = "sa.note_vote_done", p = L.pn(p), note = L.name("sa_promissory_notes", h.note.id), issuer = L.pn(q), outcome = pick })
        return_note(h.index)
        O.concessions[q] = O.concessions[q] or {}
        table.insert(O.concessions[q], pick)
      end
    end
  end
end

-- Votes promised by a Voting Concession: player -> outcomes, the next vote
-- of that player takes the first one (if it is an option).
O.concessions = {}
local base_forced_vote = L.forced_vote
function L.forced_vote(p, id, opts)
  local list = O.concessions[p]
  if list and #list > 0 then
    local pick = table.remove(list, 1)
    if contains(opts, pick) then return pick end
  end
  return base_forced_vote(p, id, opts)
end

local function install_notes()
  local base_ao = game.procedure_fn("action_options")
  procedure("action_options", function(p)
    local opts = base_ao(p)
    if not opt("sa_promissory_notes") or O.surrendered(p) then return opts end
    local seen = {}
    local out = {}
    for _, h in ipairs(O.held_notes(p, "monetary_concession")) do
      local o = "note:" .. O.note_label(h.note)
      if not seen[o] then seen[o] = true; out[#out + 1] = o end
    end
    if #out == 0 then return opts end
    local res = {}
    for _, o in ipairs(opts) do
      if o == "pass" then for _, x in ipairs(out) do res[#res + 1] = x end; out = {} end
      res[#res + 1] = o
    end
    for _, x in ipairs(out) do res[#res + 1] = x end
    return res
  end)
  local base_take = L.take_action
  function L.take_action(p, act)
    local label = act:match("^note:(.+)$")
    if label then
      for _, h in ipairs(O.held_notes(p, "monetary_concession")) do
        if O.note_label(h.note) == label then
          game.atomic(O.play_monetary, p, h.index)
          return { player = p, active = p }
        end
      end
      error(L.pn(p) .. " holds no " .. label)
    end
    return base_take(p, act)
  end
end
O.installers[#O.installers + 1] = install_notes

---------------------------------------------------------------------------
-- MERCENARIES (option sa_mercenaries; Shards of the Throne, with SA's
-- appendix 5 changes; "not generally used with SA").
--   * Not gained through the Trade card: after each Trade strategic action
--     (Trade or Trade II), from round 2 on, a random mercenary is drawn and
--     auctioned by a simultaneous bid: each player names a bid (0 or more, at
--     most his trade goods plus what his ready planets can give); nobody
--     bidding discards it; the highest bid wins (a tie: the most unexhausted
--     influence, then the earliest in rotation from the speaker). Every bid
--     is paid, lost ones too, by trade goods and exhausting planets (each
--     gives its resources or its influence, the larger; our payment order:
--     the planets worth most first, the trade goods last). The winner places
--     it on one of his planets or with one of his fleets.
--     (The bids are asked one after another, not hidden.)
--   * Then loyalty bids: for each mercenary in play, from the speaker on,
--     each other player may bid 2 or more (joining bids must be higher); the
--     owner then names his counter-bid; if the best bid is at least 2 higher,
--     the mercenary goes to that bidder, placed on one of his planets or
--     fleets. UNCERTAIN: who pays; we make all loyalty bids and the
--     counter-bid paid, as mercenary bids are. The seed's 3-higher rule for a
--     mercenary of the owner's race is rules/p_mercenary_race.lua's (for the
--     mercenaries whose data gives a race; the SotT ones have none).
--   * Upkeep: at the end of the status phase each mercenary costs its owner 1
--     trade good; one not paid for is discarded.
--   * Evasion (N): when a hit is assigned to the mercenary ("sustain" in the
--     hit choices), it rolls a die; N or more ignores the hit; below, it is
--     destroyed. At most once per combat round (SA); a second hit in the same
--     round destroys it. 52N6 has Sustain Damage instead.
--   * A mercenary is a unit: with a fleet it is a ship that moves on its own
--     (its movement), does not count against fleet supply and fights in space
--     combat with its space value and dice; on a planet it is a ground unit
--     with its ground value. Our reading; SotT's own movement and landing
--     rules for mercenaries are not in our sources. Their card abilities
--     (mercenaries.txt) are not played, except Nolad's capacity.
-- Units: sa_merc_<id> (ship) and sa_merc_<id>_ground, generated from
-- options_2.yaml's sa_mercenaries into units (see the YAML).
-- Moves a mercenary card between the mercenary zones if it is there.
local function move_merc(id, from, to)
  for _, c in ipairs(game.zone(from)) do
    if c == id then game.move_card(id, from, to); return true end
  end
  return false
end

function O.merc_of(kind)
  if type(kind) ~= "string" then return nil end
  local id = kind:match("^sa_merc_(.-)_ground$") or kind:match("^sa_merc_(.+)$")
  return id and game.data.sa_mercenaries and game.data.sa_mercenaries[id] and id or nil
end

function O.mercs_in_play()
  local out = {}
  for _, u in ipairs(game.units {}) do
    local id = O.merc_of(u.kind)
    if id then out[#out + 1] = { unit = u, merc = id } end
  end
  table.sort(out, function(a, b) return a.unit.id < b.unit.id end)
  return out
end

O.after_setup[#O.after_setup + 1] = function()
  if not opt("sa_mercenaries") then return end
  game.zone_new("sa_mercs:deck", nil, game.keys(game.data.sa_mercenaries or {}))
  game.shuffle("sa_mercs:deck")
  game.zone_new("sa_mercs:discard")
end

local function bid_cap(p)
  local n = game.counter(p, "tg")
  for _, pl in ipairs(L.ready_planets(p)) do
    local d = L.pdef(pl)
    n = n + math.max(d.resources or 0, d.influence or 0)
  end
  return n
end

function O.pay_bid(p, n)
  if n <= 0 then return end
  local ready = L.ready_planets(p)
  local function worth(pl) local d = L.pdef(pl); return math.max(d.resources or 0, d.influence or 0) end
  table.sort(ready, function(a, b) return worth(a) > worth(b) or (worth(a) == worth(b) and a < b) end)
  local left, used = n, {}
  local tg = game.counter(p, "tg")
  for _, pl in ipairs(ready) do
    if left <= tg then break end
    if worth(pl) > 0 then
      game.exhaust(pl, true)
      used[#used + 1] = pl
      left = left - worth(pl)
    end
  end
  if left > 0 then game.add(p, "tg", -math.min(left, tg)) end
  local key
  if #used > 0 then key = left > 0 and "sa.merc_pays_tg" or "sa.merc_pays"
  else key = left > 0 and "sa.merc_pays_no_planets_tg" or "sa.merc_pays_no_planets" end
  game.log({ key = key, p = L.pn(p), n = n, planets = table.concat(used, ","), tg = math.min(left, tg) })
end

-- Places mercenary `id` with p: on one of his planets or with a fleet.
function O.place_merc(p, id)
  local opts = {}
  local pls = game.planets_owned(p)
  table.sort(pls)
  for _, pl in ipairs(pls) do opts[#opts + 1] = "planet:" .. pl end
  local seen = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] and L.def(p, u.kind).class == "ship" then
      seen[u.system] = true
      opts[#opts + 1] = "fleet:" .. hex(u.system)
    end
  end
  if #opts == 0 then
    move_merc(id, "sa_mercs:hand", "sa_mercs:discard")
    game.log({ key = "sa.merc_no_place", merc = L.name("sa_mercenaries", id), p = L.pn(p) })
    return nil
  end
  local pick = game.choose(p, { key = "sa.merc_place", merc = L.name("sa_mercenaries", id), id = id }, opts)
  local what, where = pick:match("^(%a+):(.+)$")
  local u
  if what == "planet" then
    u = game.spawn("sa_merc_" .. id .. "_ground", p, { planet = where })
  else
    u = game.spawn("sa_merc_" .. id, p, { system = system_of(where) })
  end
  game.log({ key = "sa.merc_placed", p = L.pn(p), merc = L.name("sa_mercenaries", id), where = pick })
  return u
end

function O.merc_auction()
  local order = L.order_from(L.speaker())
  if #order == 0 then return end
  local id = game.draw("sa_mercs:deck", "sa_mercs:hand", 1)[1]
  if not id then return end
  game.log({ key = "sa.merc_for_hire", merc = L.name("sa_mercenaries", id) })
  local bids, best, winner = {}, 0, nil
  for _, p in ipairs(order) do
    local opts = {}
    for v = 0, bid_cap(p) do opts[#opts + 1] = tostring(v) end
    bids[p] = tonumber(game.choose(p, { key = "sa.merc_bid", merc = L.name("sa_mercenaries", id), id = id }, opts))
  end
  local function unexhausted_influence(p)
    local n = 0
    for _, pl in ipairs(L.ready_planets(p)) do n = n + (L.pdef(pl).influence or 0) end
    return n
  end
  local ties = {}
  for _, p in ipairs(order) do
    if bids[p] > best then best, ties = bids[p], { p } elseif bids[p] == best and best > 0 then ties[#ties + 1] = p end
  end
  local parts = {}
  for _, p in ipairs(order) do parts[#parts + 1] = L.pn(p) .. ":" .. bids[p] end
  game.log({ key = "sa.merc_bids", bids = table.concat(parts, " ") })
  if best == 0 then
    move_merc(id, "sa_mercs:hand", "sa_mercs:discard")
    game.log({ key = "sa.merc_no_bids", merc = L.name("sa_mercenaries", id) })
    return
  end
  winner = ties[1]
  for _, p in ipairs(ties) do
    if unexhausted_influence(p) > unexhausted_influence(winner) then winner = p end
  end
  local infl = {}
  for _, p in ipairs(order) do infl[p] = unexhausted_influence(p) end
  for _, p in ipairs(order) do O.pay_bid(p, bids[p]) end
  game.log({ key = "sa.merc_hires", p = L.pn(winner), merc = L.name("sa_mercenaries", id), n = best })
  local u = O.place_merc(winner, id)
  if u then move_merc(id, "sa_mercs:hand", "sa_mercs:placed") end
end

-- The overbid a loyalty bid needs against the owner of mercenary id, and
-- the same-race margin the counter-bid line names when it is not the usual
-- one (nil: none; rules that change the margin replace both).
function O.loyalty_margin(owner, id) return 2 end
function O.loyalty_note(owner, id) return nil end

function O.loyalty_bids()
  local order = L.order_from(L.speaker())
  for _, m in ipairs(O.mercs_in_play()) do
    local u, id = m.unit, m.merc
    if game.unit_exists(u.id) then
      local owner = u.owner
      local best, bidder = 0, nil
      local paid = {}
      for _, q in ipairs(order) do
        if q ~= owner then
          local low = math.max(2, best + 1)
          local cap = bid_cap(q)
          if cap >= low then
            local opts = { "no" }
            for v = low, cap do opts[#opts + 1] = tostring(v) end
            local pick = game.choose(q, { key = "sa.merc_loyalty_bid", q = L.pn(owner), merc = L.name("sa_mercenaries", id), id = id }, opts)
            if pick ~= "no" then
              best, bidder = tonumber(pick), q
              paid[q] = tonumber(pick)
              game.log({ key = "sa.merc_loyalty_bids", p = L.pn(q), n = pick, merc = L.name("sa_mercenaries", id) })
            end
          end
        end
      end
      if bidder then
        local opts = {}
        for v = 0, bid_cap(owner) do opts[#opts + 1] = tostring(v) end
        local counter = tonumber(game.choose(owner, { key = "sa.merc_counter_bid", merc = L.name("sa_mercenaries", id), id = id, q = L.pn(bidder), n = best }, opts))
        local margin = O.loyalty_note(owner, id)
        game.log({ key = margin and "sa.merc_counter_bids_same_race" or "sa.merc_counter_bids", p = L.pn(owner), n = counter, margin = margin })
        for _, q in ipairs(game.keys(paid)) do O.pay_bid(q, paid[q]) end
        O.pay_bid(owner, counter)
        if best >= counter + O.loyalty_margin(owner, id) then
          game.remove_unit(u.id)
          game.log({ key = "sa.merc_changes_sides", merc = L.name("sa_mercenaries", id), p = L.pn(owner), q = L.pn(bidder) })
          move_merc(id, "sa_mercs:placed", "sa_mercs:hand")
          if O.place_merc(bidder, id) then move_merc(id, "sa_mercs:hand", "sa_mercs:placed") end
        else
          game.log({ key = "sa.merc_stays", merc = L.name("sa_mercenaries", id), p = L.pn(owner) })
        end
      end
    end
  end
end

function O.after_trade(ctx)
  if not opt("sa_mercenaries") or round_no() < 2 then return end
  local id = ctx.card
  if id ~= "trade" and id ~= "trade_ii" then return end
  O.merc_auction()
  O.loyalty_bids()
end

-- The mercenary upkeep: each mercenary of `list` (default: every mercenary in
-- play) costs its owner 1 trade good or leaves. A child pack may pass a
-- shorter list (mercenaries exempt this round).
function O.merc_upkeep(list)
  for _, m in ipairs(list or O.mercs_in_play()) do
    local u, id = m.unit, m.merc
    if game.unit_exists(u.id) then
      local p = u.owner
      if game.counter(p, "tg") > 0 and game.choose(p, { key = "sa.merc_upkeep", merc = L.name("sa_mercenaries", id), id = id }, { "yes", "no" }) == "yes" then
        game.add(p, "tg", -1)
        game.log({ key = "sa.merc_upkeep_paid", p = L.pn(p), merc = L.name("sa_mercenaries", id) })
      else
        game.remove_unit(u.id)
        move_merc(id, "sa_mercs:placed", "sa_mercs:discard")
        game.log({ key = "sa.merc_leaves", merc = L.name("sa_mercenaries", id), p = L.pn(p) })
      end
    end
  end
end

-- Evasion, from the mercenaries' after_sustain (effects/options2/mercenaries.lua).
function O.evasion(ctx)
  local id = O.merc_of(ctx.kind)
  if not id then return end
  local m = game.data.sa_mercenaries[id]
  if not m.evasion then return end
  local key = "sa_merc_evaded:" .. tostring(ctx.unit)
  local rnd = game.get("game", nil, "sa_merc_combat_round") or 0
  if game.get("game", nil, key) == rnd then
    game.log({ key = "sa.merc_evaded_already", merc = L.name("sa_mercenaries", id) })
    ctx.destroy = true
    return
  end
  game.put("game", nil, key, rnd)
  local hits = game.roll({ key = "sa.merc_evasion", p = L.pn(ctx.player), merc = L.name("sa_mercenaries", id) }, 1, m.evasion)
  if hits > 0 then
    game.put("unit", ctx.unit, "damaged", nil)
    game.put("unit", ctx.unit, "sa_hits", nil)
    game.log({ key = "sa.merc_evades", merc = L.name("sa_mercenaries", id) })
  else
    ctx.destroy = true
  end
end

local function install_mercs()
  local base_status = game.procedure_fn("status_phase")
  procedure("status_phase", function(ctx)
    local r = base_status(ctx)
    if opt("sa_mercenaries") then O.merc_upkeep() end
    return r
  end)
end
O.installers[#O.installers + 1] = install_mercs
O.after_setup[#O.after_setup + 1] = function()
  if opt("sa_mercenaries") then
    if game.zone_count("sa_mercs:hand") == 0 then game.zone_new("sa_mercs:hand") end
    if game.zone_count("sa_mercs:placed") == 0 then game.zone_new("sa_mercs:placed") end
  end
end

---------------------------------------------------------------------------
-- PRELIMINARY OBJECTIVES (appendix 5). The setup (rules/a_setup.lua) lays
-- one out in zone "preliminary" (none in 2-player games) and the claiming
-- step (rules/k_victory.lua) lets each player claim it and takes it out of
-- play once claimed; no secret objective is drawn for it (SA). The cards and
-- their checks: options_2.yaml, effects/options2/preliminary.lua; the
-- round's events they read are recorded by effects/options2/prelim_events.lua.
function O.prelim_events(p)
  local e = game.get("player", p, "sa_prelim_events")
  if type(e) ~= "table" or e.round ~= round_no() then e = { round = round_no(), cruisers = 0, invaded = {} } end
  return e
end

---------------------------------------------------------------------------
-- Installation.
-- The installers run once set-up has run: their wrappers go on top of the
-- ones ti3 registers when its set-up starts (rules/races.lua, options_a.lua,
-- options_b.lua: Yssaril's skip, Naalu's initiative, the leaders...), as the
-- rules need (an action option of ours comes after Yssaril's "skip", ...).
-- Every wrapper decides by the game state when it is called; once ti3
-- registers those at load time, O.install() runs when this file loads.
local installed = false
function O.install()
  if installed then return end
  installed = true
  for _, f in ipairs(O.installers) do f() end
  install_simultaneous()
end

game.when_loaded(function()
  wrap_duel_handlers()
  O.install()
end)

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  args = args or {}
  O.pending_tg = {}
  -- Option sa_scenario_maps: the scenario map for the number of players
  -- (maps.yaml sa_preset_<n>p) unless the game names a map.
  if opt("sa_scenario_maps") and not args.map then
    local n = args.players or (args.races and #args.races) or 6
    if game.data.maps["sa_preset_" .. n .. "p"] then args.map = "sa_preset_" .. n .. "p" end
  end
  local r = O.run_setup(base_setup, args)
  for _, x in ipairs(O.pending_tg) do L.gain_tg(x.p, x.n, "home system bidding") end
  O.pending_tg = {}
  for id, d in game.spairs(game.data.sa_rules_2 or {}) do
    local on = d.always or (d.option and opt(d.option)) or (d.duel and O.duel())
    if on then game.grant("game", "sa_rules_2", id) end
  end
  for _, f in ipairs(O.after_setup) do f(args) end
  return r
end)


-- Galactic events (chosen at set-up as options) and the alliance variant.
-- Galactic events here: Call of the Void, Age of Commerce, Stellar Atomics,
-- Civilized Society, Total War, Age of Fighters and Hidden Agenda;
-- Dangerous Wilds is in rules/te_neutral.lua, Minor Factions in
-- rules/te_minor_factions.lua, Advent of the War Sun, Rapid Mobilization
-- and Zealous Orthodoxy in rules/te_event_mobilize.lua, Cosmic Phenomenae
-- and Wild, Wild Galaxy in rules/te_event_phenomena.lua, Conventions of
-- War Abandoned, Monuments to the Ages and Weird Wormholes in
-- rules/te_event_conventions.lua. Not built: Cultural Exchange Program
-- (the booklet leaves it out without Prophecy of Kings), Mercenaries for
-- Hire (alliance cards) and Age of Exploration (relic fragments and
-- frontier tokens), all three Prophecy of Kings components.
local L = game.lib

---------------------------------------------------------------------------
-- Call of the Void: moving units into a Fracture system gives a command
-- token; a player who activates a Fracture system moves their ships 1
-- further in that tactical action.
---------------------------------------------------------------------------
local function is_fracture(s)
  local d = s and game.data.systems[game.tile_of(s)]
  return d ~= nil and d.fracture == true
end

game.on("before:movement", function(ctx)
  if not game.options.galactic_event_call_of_the_void then return end
  game.put("game", nil, "te_void_active", is_fracture(ctx.system) and ctx.system or nil)
  ctx.te_units_before = game.count_units { system = ctx.system, owner = ctx.player }
end)

local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if game.options.galactic_event_call_of_the_void and game.get("game", nil, "te_void_active")
    and game.get("game", nil, "active") == p then
    m = m + 1
  end
  return m
end

game.on("after:movement", function(ctx)
  if not game.options.galactic_event_call_of_the_void then return end
  game.put("game", nil, "te_void_active", nil)
  -- (A command token only while one is left in reinforcements.)
  if is_fracture(ctx.system) and ctx.te_units_before and L.reinforcements(ctx.player) > 0
    and game.count_units { system = ctx.system, owner = ctx.player } > ctx.te_units_before then
    local pool = game.choose(ctx.player, { key = "ti4.place_command_token" }, L.token_pools(ctx.player))
    game.add(ctx.player, pool, 1)
    game.log({ key = "te.gains_command_token", p = L.pn(ctx.player), pool = pool })
  end
end)

---------------------------------------------------------------------------
-- Age of Commerce: any two players may trade; commodities have no maximum,
-- replenishing adds the commodity value to what a player has (ti4 hook
-- L.replenished_commodities). (Sharing technologies in a transaction is
-- not built.)
---------------------------------------------------------------------------
local base_may_trade = L.may_trade
function L.may_trade(p, q)
  if game.options.galactic_event_age_of_commerce then return true end
  return base_may_trade(p, q)
end
local base_replenished = L.replenished_commodities
function L.replenished_commodities(p)
  if game.options.galactic_event_age_of_commerce then return game.counter(p, "commodities") + L.commodity_value(p) end
  return base_replenished(p)
end

---------------------------------------------------------------------------
-- Stellar Atomics: each player starts with a marker on the card; as an
-- action a player may remove theirs to destroy every ground force and
-- structure on a planet outside the home systems. Without a marker a
-- player casts no votes and plays no action cards in the agenda phase
-- (ti-common hook L.may_play_action_card; the phase is the agenda_phase
-- step, marked while it lasts).
---------------------------------------------------------------------------
local base_setup_decks = game.procedure_fn("setup_decks")
procedure("setup_decks", function()
  local r = base_setup_decks()
  if game.options.galactic_event_stellar_atomics then
    for p = 1, game.num_players() do game.grant(p, "galactic_events", "stellar_atomics") end
  end
  return r
end)

local base_votes = L.votes
function L.votes(p)
  if game.options.galactic_event_stellar_atomics and not game.holds(p, "galactic_events", "stellar_atomics") then return 0 end
  return base_votes(p)
end
-- (Such a player does not vote at all: not even zero votes, which seed 004
-- lets a player cast for an outcome.)
local base_forced_vote_atomics = L.forced_vote
function L.forced_vote(p, id, opts)
  if game.options.galactic_event_stellar_atomics and not game.holds(p, "galactic_events", "stellar_atomics") then return "abstain" end
  return base_forced_vote_atomics(p, id, opts)
end

game.on("before:agenda_phase", function() game.put("game", nil, "te_agenda_phase", true) end)
game.on("after:agenda_phase", function() game.put("game", nil, "te_agenda_phase", nil) end)
local base_may_play_atomics = L.may_play_action_card
function L.may_play_action_card(p, id, ctx)
  if game.options.galactic_event_stellar_atomics and type(p) == "number" and p ~= 0
    and game.get("game", nil, "te_agenda_phase") and not game.holds(p, "galactic_events", "stellar_atomics") then
    return false
  end
  return base_may_play_atomics(p, id, ctx)
end

---------------------------------------------------------------------------
-- The alliance variant (4 or 6 players): the players seated opposite each
-- other are allies. A player with 14 victory points wins with their ally
-- when the ally has at least 10. Allies do not fight: their ships share
-- systems without a space combat; commodities given to an ally stay
-- commodities. The rest of the variant (landing on an ally's planets,
-- shared combat rolls, the simultaneous tactical action, abilities and
-- elimination) is in rules/te_alliance.lua.
---------------------------------------------------------------------------
--- p's ally in the alliance variant, or nil.
function L.te_ally(p)
  if not game.options.alliance or p == 0 then return nil end -- neutral units have no ally
  local n = game.num_players()
  if n % 2 ~= 0 then return nil end
  return (p - 1 + n // 2) % n + 1
end

local base_goal = L.goal
function L.goal()
  if game.options.alliance then return 14 end
  return base_goal()
end

local base_check_win = L.check_win
function L.check_win(p)
  local ally = L.te_ally(p)
  if not ally then return base_check_win(p) end
  if game.get("game", nil, "winner") then return end
  for _, q in ipairs({ p, ally }) do
    local o = q == p and ally or p
    if game.counter(q, "vp") >= 14 and game.counter(o, "vp") >= 10 then
      game.put("game", nil, "winner", q)
      game.put("game", nil, "winners", { q, o })
      error({ game_over = true, commit = true }, 0)
    end
  end
end

local base_final_ranking = L.final_ranking
function L.final_ranking()
  local r = base_final_ranking()
  local ally = r[1] and L.te_ally(r[1])
  if ally then return { r[1], ally } end
  return r
end

local base_enemies_in = L.enemies_in
function L.enemies_in(p, s)
  local ally = L.te_ally(p)
  local out = base_enemies_in(p, s)
  if not ally then return out end
  local kept = {}
  for _, q in ipairs(out) do if q ~= ally then kept[#kept + 1] = q end end
  return kept
end
-- (Neither player of a simulated fight with an ally: the enemies are the same.)
L.plain_wrapper(L.enemies_in, base_enemies_in, function(board)
  return L.te_ally(board.attacker or 1) == nil and L.te_ally(board.defender or 2) == nil
end)

game.when_loaded(function()
  if not game.has_procedure("setup") then return end
  local base_setup = game.procedure_fn("setup")
  procedure("setup", function(args)
    if game.options.alliance then
      local n = args.players or 6
      if n ~= 4 and n ~= 6 then error("the alliance variant plays with 4 or 6 players, not " .. tostring(n)) end
    end
    return base_setup(args)
  end)
end)

---------------------------------------------------------------------------
-- Civilized Society: every public objective is revealed at set-up (none is
-- revealed later); a player may score any number of public objectives in a
-- status phase; reaching the victory points does not end the game at once:
-- it ends after that round's status phase, won by the most victory points,
-- ties broken by the influence of controlled planets plus trade goods.
---------------------------------------------------------------------------
local function civilized() return game.options.galactic_event_civilized_society end

-- At the end of set-up (the two usual reveals happen first), the rest.
game.when_loaded(function()
  local base_setup = game.procedure_fn("setup")
  procedure("setup", function(args)
    local r = base_setup(args)
    if civilized() and not args.no_objectives then
      while L.reveal_objective() do end
    end
    return r
  end)
end)

local base_reveal_step = game.procedure_fn("reveal_objective")
procedure("reveal_objective", function(ctx)
  if civilized() then return end
  return base_reveal_step(ctx)
end)

local base_score_objectives = game.procedure_fn("score_objectives")
procedure("score_objectives", function(ctx)
  local r = base_score_objectives(ctx)
  if not civilized() then return r end
  -- More public objectives, one at a time, while any can be scored.
  for _, p in ipairs(L.initiative_order()) do
    while L.controls_home(p) do
      local opts = { "none" }
      for _, c in ipairs(game.zone("public")) do
        if not game.get("player", p, "scored:" .. c) and L.can_score(p, "public_objectives", c) then
          opts[#opts + 1] = "public:" .. c
        end
      end
      if #opts == 1 then break end
      local pick = game.choose(p, { key = "ti4.score_public" }, opts)
      if pick == "none" then break end
      L.score(p, "public_objectives", pick:sub(8))
    end
  end
  return r
end)

local base_check_win_cs = L.check_win
function L.check_win(p)
  if not civilized() then return base_check_win_cs(p) end
  if game.counter(p, "vp") >= L.goal() then game.put("game", nil, "te_goal_reached", true) end
end

--- Civilized Society's tie-break value of p: influence of controlled planets plus trade goods.
function L.te_civilized_tiebreak(p)
  local n = game.counter(p, "tg")
  for _, pl in ipairs(game.planets_owned(p)) do n = n + (L.pdef(pl).influence or 0) end
  return n
end

game.on("after:status_phase", function(ctx)
  if not (civilized() and game.get("game", nil, "te_goal_reached")) then return end
  local best, winners = -1, {}
  for q = 1, game.num_players() do
    local v = game.counter(q, "vp") * 1000 + L.te_civilized_tiebreak(q)
    if v > best then best, winners = v, { q } elseif v == best then winners[#winners + 1] = q end
  end
  game.put("game", nil, "winner", winners[1])
  if #winners > 1 then game.put("game", nil, "winners", winners) end
  game.log({ key = "te.civilized_end" })
  error({ game_over = true, commit = true }, 0)
end)

-- Alliance: commodities given to an ally stay commodities.
local base_receive = L.receive_commodities
function L.receive_commodities(to, from, n)
  if n > 0 and L.te_ally(to) == from then
    game.add(to, "commodities", n)
    return
  end
  return base_receive(to, from, n)
end

-- Extreme Duress (an action card): the player it was played on who then
-- takes an action other than a strategic action pays its price.
-- The price is paid once that action is done. A cancelled action was not
-- taken (LRR 22.4): the card then waits for the action chosen instead.
local base_take_action = L.take_action
function L.take_action(p, act)
  local by = game.get("game", nil, "te_duress:" .. p)
  if by then game.put("game", nil, "te_duress:" .. p, nil) end
  local r = base_take_action(p, act)
  if by and type(r) == "table" and r.cancelled then
    game.put("game", nil, "te_duress:" .. p, by)
    return r
  end
  if by and act:sub(1, 10) ~= "strategic:" then
    for _, c in ipairs(game.zone("actions:" .. p)) do L.discard_action_card(p, c) end
    local tg = game.counter(p, "tg")
    game.set(p, "tg", 0)
    game.add(by, "tg", tg)
    game.log({ key = "te.duress_paid", p = L.pn(p), q = L.pn(by), n = tg })
  end
  return r
end

---------------------------------------------------------------------------
-- Total War: a player who destroys units of another player (neutral units
-- included) puts commodities from the supply, as many as those units cost
-- (1 for each infantry or fighter), on a planet they control in their home
-- system; a player who gains a planet holding commodities may move them to
-- a planet they control in their home system; as an action a player
-- discards 10 commodities from their home system's planets for 1 victory
-- point. (Commodities on planets are planet props `te_commodities`.)
---------------------------------------------------------------------------
local function total_war() return game.options.galactic_event_total_war end

--- The commodities lying on planet pl (Total War).
function L.te_planet_commodities(pl) return game.get("planet", pl, "te_commodities") or 0 end

--- The planets p controls in their home system (sorted).
function L.te_home_planets(p)
  local out = {}
  local h = L.home(p)
  if not h then return out end
  for _, pl in ipairs(game.planets_of(h)) do
    if game.planet_owner(pl) == p then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

--- What a destroyed unit of type `kind` (of `owner`) is worth in Total War: its cost, 1 for a unit bought two at a time.
function L.te_total_war_value(owner, kind)
  local d = L.def(owner, kind)
  if (d.per_cost or 1) > 1 then return 1 end
  return d.cost or 0
end

--- p puts n commodities on a planet of their choice in their home system (none without one).
function L.te_put_home_commodities(p, n, key)
  local opts = L.te_home_planets(p)
  if n <= 0 or #opts == 0 then return end
  local pl = game.choose(p, { key = key or "te.total_war_planet", n = n }, opts)
  game.put("planet", pl, "te_commodities", L.te_planet_commodities(pl) + n)
  game.log({ key = "te.total_war_commodities", p = L.pn(p), n = n, planet = L.name("planets", pl) })
end

game.on("unit_destroyed", function(ctx)
  if not total_war() then return end
  local src, owner = ctx.source, ctx.player
  if type(src) ~= "number" or src == 0 or src == owner then return end
  L.te_put_home_commodities(src, L.te_total_war_value(owner, ctx.kind))
end, { plain = function() return not total_war() end })

game.on("planet_gained", function(ctx)
  if not total_war() then return end
  local n = L.te_planet_commodities(ctx.planet)
  if n <= 0 or #L.te_home_planets(ctx.player) == 0 then return end
  local opts = { "none" }
  for _, pl in ipairs(L.te_home_planets(ctx.player)) do
    if pl ~= ctx.planet then opts[#opts + 1] = pl end
  end
  if #opts == 1 then return end
  local pick = game.choose(ctx.player, { key = "te.total_war_move", n = n, planet = L.name("planets", ctx.planet) }, opts)
  if pick == "none" then return end
  game.put("planet", ctx.planet, "te_commodities", nil)
  game.put("planet", pick, "te_commodities", L.te_planet_commodities(pick) + n)
  game.log({ key = "te.total_war_moves", p = L.pn(ctx.player), n = n, planet = L.name("planets", pick) })
end)

local base_setup_decks_tw = game.procedure_fn("setup_decks")
procedure("setup_decks", function()
  local r = base_setup_decks_tw()
  if total_war() then
    for p = 1, game.num_players() do game.grant(p, "galactic_events", "total_war") end
  end
  return r
end)

---------------------------------------------------------------------------
-- Hidden Agenda: no transactions in the agenda phase, and the votes are a
-- secret ballot: the log shows that each player voted and, once all have,
-- the totals by outcome only (the Argent Flight's public votes are Prophecy
-- of Kings'; the rule against table talk needs nothing here: the
-- program's players do not talk).
---------------------------------------------------------------------------
local base_secret_ballot = L.secret_ballot
function L.secret_ballot(id)
  if game.options.galactic_event_hidden_agenda then return true end
  return base_secret_ballot(id)
end

local base_agenda_transactions = L.agenda_transactions_allowed
function L.agenda_transactions_allowed(ctx)
  if game.options.galactic_event_hidden_agenda then return false end
  return base_agenda_transactions(ctx)
end

---------------------------------------------------------------------------
-- Age of Fighters: at set-up every player gains Fighter II (Naalu: Hybrid
-- Crystal Fighter II); a ship other than a fighter that is destroyed is
-- purged (it leaves the game: its owner has one fewer of that unit, through
-- L.unit_limit); and each fighter that counts against the fleet pool
-- (L.fighters_in_fleet_pool) has capacity 1 that carries no fighter.
---------------------------------------------------------------------------
local function fighters_age() return game.options.galactic_event_age_of_fighters end

local base_capacity_af = L.capacity
function L.capacity(p, s)
  local cap, used = base_capacity_af(p, s)
  if not fighters_age() or type(p) ~= "number" or p == 0 then return cap, used end
  local x = L.fighters_in_fleet_pool(p, s)
  if x == 0 then return cap, used end
  -- Ground forces in space may ride those fighters, one each.
  local ground = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if d.transported and (d.type or u.kind) ~= "fighter" then ground = ground + 1 end
  end
  return cap + math.min(x, ground), used
end
L.plain_wrapper(L.capacity, base_capacity_af, function() return not fighters_age() end)

local base_setup_decks_af = game.procedure_fn("setup_decks")
procedure("setup_decks", function()
  local r = base_setup_decks_af()
  if fighters_age() then
    for p = 1, game.num_players() do
      local naalu = game.get("player", p, "faction") == "naalu"
      local tech = naalu and "hybrid_crystal_fighter_2" or "fighter_2"
      if not game.holds(p, "techs", tech) then
        game.grant(p, "techs", tech)
        game.log({ key = "te.age_of_fighters_tech", p = L.pn(p), tech = L.name("techs", tech) })
      end
    end
    L.reset_cache()
  end
  return r
end)

game.on("unit_destroyed", function(ctx)
  if not fighters_age() or not ctx.player or ctx.player == 0 then return end
  local d = L.def(ctx.player, ctx.kind)
  if d.class ~= "ship" or d.type == "fighter" then return end
  local key = "te_purged:" .. (d.type or ctx.kind)
  game.put("player", ctx.player, key, (game.get("player", ctx.player, key) or 0) + 1)
  game.log({ key = "te.unit_purged", p = L.pn(ctx.player), unit = ctx.kind .. "#" .. ctx.unit })
end, { plain = function() return not fighters_age() end })

local base_unit_limit = L.unit_limit
function L.unit_limit(p, t, d)
  local n = base_unit_limit(p, t, d)
  if not n or not fighters_age() or p == 0 then return n end
  return math.max(0, n - (game.get("player", p, "te_purged:" .. (d.type or t)) or 0))
end

-- Seams the political cards (cards/political_cards.yaml) listen to. Each
-- keeps today's behaviour while no card subscribes or no law is in play.
local L = game.lib

--- Every player, from the speaker on, discards n trade goods (as many as they have), each logged with the card `card` (a name) that makes them.
function L.everyone_discards_tg(n, card)
  for _, p in ipairs(L.order_from(L.speaker())) do
    local k = math.min(n, game.counter(p, "tg"))
    if k > 0 then
      game.add(p, "tg", -k)
      game.log({ key = "ti3.discards_tg", p = L.pn(p), n = k, card = card })
    end
  end
end

---------------------------------------------------------------------------
-- Votes (TI3): a player's votes are the influence of his ready planets, and
-- casting them exhausts nothing (the TI3 3-player walkthrough at
-- preeminent.org, round 2's Political card, says both; the SA rulebooks
-- count votes the same way). Planets exhausted earlier in the round still
-- give no votes (L.votes, unchanged).
function L.spend_votes(p, id) end

-- hook: whether p's votes count on political card id, so that cards may add to them (Bribery); default: yes, except while Council Elder, discarded for that agenda, lets only its holder's votes count.
function L.votes_count(p, id)
  local only = game.get("game", nil, "council_elder:only")
  return not (only and only.agenda == id and only.player ~= p)
end

---------------------------------------------------------------------------
-- Directives that last until the end of the round.

-- A directive `id` of collection `coll` (default political_cards) lasts
-- for the rest of this round: the game holds it (its window handlers run
-- with p == nil) with the game prop "pending:<id>" set to `value` (default
-- true), until after:status_phase takes it back.
function L.directive_for_round(id, value, coll)
  coll = coll or "political_cards"
  game.put("game", nil, "pending:" .. id, value == nil and true or value)
  game.grant("game", coll, id)
  local list = game.get("game", nil, "round_directives") or {}
  list[#list + 1] = { coll = coll, id = id }
  game.put("game", nil, "round_directives", list)
end

-- hook: whether the directive `id` of L.directive_for_round is in force now (its value, or nil).
function L.directive_active(id)
  return game.get("game", nil, "pending:" .. id)
end

game.on("after:status_phase", function(ctx)
  local list = game.get("game", nil, "round_directives")
  if not list then return end
  for _, x in ipairs(list) do
    game.put("game", nil, "pending:" .. x.id, nil)
    if game.holds("game", x.coll, x.id) and not game.get("game", nil, "law:" .. x.id) then
      game.revoke("game", x.coll, x.id)
    end
  end
  game.put("game", nil, "round_directives", nil)
end)

-- The result of law `id` while it is in play ("for", "pN", a planet...), or nil.
function L.law(id)
  return game.get("game", nil, "law:" .. id)
end

-- The player elected by law `id` while it is in play, or nil.
function L.law_player(id)
  local r = game.get("game", nil, "law:" .. id)
  return r and tonumber(tostring(r):match("^p(%d+)$"))
end

---------------------------------------------------------------------------
-- Trade goods: `tg_gained` opens after L.gain_tg gave a player trade goods.
local base_gain_tg = L.gain_tg
function L.gain_tg(p, n, why)
  base_gain_tg(p, n, why)
  if type(p) == "number" and n > 0 then game.window("tg_gained", { player = p, n = n }) end
end

---------------------------------------------------------------------------
-- Production: `production_terms` opens as a production step starts (the
-- step's player and system); handlers may set in it
--   cost    (unit type -> resources more, or fewer if negative, per pick)
--   per_pick (unit type -> units one pick gives)
--   barred  (unit type -> true: may not be produced)
--   none    (a card's name: nothing may be produced here; logged)
-- The production hooks below read them from the step's ctx.terms.
local function terms_of(ctx) return ctx and ctx.terms end

local function utype(p, kind)
  local d = L.def(p, kind)
  return d and d.type or kind
end

local base_production_step = game.procedure_fn("production")
procedure("production", function(ctx)
  local w = game.window("production_terms", { player = ctx.player, system = ctx.system, cost = {}, per_pick = {}, barred = {} })
  ctx.terms = w
  if w.none then
    game.log({ key = "ti3.may_not_produce", p = L.pn(ctx.player), system = L.sysname(ctx.system), card = w.none })
    ctx.produced, ctx.new_units = 0, {}
    return
  end
  return base_production_step(ctx)
end)

local base_production_cost = L.production_cost
function L.production_cost(ctx, kind, d)
  local c = base_production_cost(ctx, kind, d)
  local t = terms_of(ctx)
  if t and c and ctx.player then
    local delta = t.cost[utype(ctx.player, kind)]
    if delta then c = math.max(0, c + delta) end
  end
  return c
end

local base_production_count = L.production_count
function L.production_count(ctx, kind, st)
  local t = terms_of(ctx)
  local n = t and t.per_pick[utype(st.player, kind)]
  if n then return math.min(n, st.cap - st.count) end
  return base_production_count(ctx, kind, st)
end

local base_production_options = L.production_options
function L.production_options(ctx, opts, st)
  opts = base_production_options(ctx, opts, st)
  local t = terms_of(ctx)
  if not t or next(t.barred) == nil then return opts end
  local out = {}
  for _, o in ipairs(opts) do
    local kind = o:match("^([^@]+)")
    if o == "done" or not t.barred[utype(st.player, kind)] then out[#out + 1] = o end
  end
  return out
end

-- hook: the production p's producing unit u counts for while a law sets one, or nil (default: the unit's own): 0 on a planet with the planet prop no_production (Holy Planet of Ixth), else the game prop production_per_unit (Humane Labor).
function L.production_per_unit(p, u)
  if u.planet and game.get("planet", u.planet, "no_production") then return 0 end
  return game.get("game", nil, "production_per_unit")
end

local base_unit_production_change = L.unit_production_change
function L.unit_production_change(p, u)
  local c = base_unit_production_change(p, u)
  local v = L.production_per_unit(p, u)
  if v == nil then return c end
  local t = type(L.def(p, u.kind).production)
  if t ~= "number" and t ~= "table" then return c end
  return c + math.min(0, v - L.unit_production(p, u))
end

---------------------------------------------------------------------------
-- Strategy cards: `secondary_resolved` opens after a player resolved the
-- secondary of another player's strategy card (player: who used it,
-- active: the card's holder, card: its id); the strategic action's ctx
-- keeps who used it (ctx.secondary_users: player -> true) for
-- after:strategic_action.
local base_resolve_secondary = L.resolve_secondary
function L.resolve_secondary(q, d, ctx)
  ctx.secondary_users = ctx.secondary_users or {}
  ctx.secondary_users[q] = true
  local r = base_resolve_secondary(q, d, ctx)
  game.window("secondary_resolved", { player = q, active = ctx.player, card = ctx.card })
  return r
end

-- hook: how many ground forces the Sol racial ability (sol_orbital_drop) puts for one command counter; default: 2, or the game prop orbital_drop_count while a law sets it (Regulated Conscription).
function L.orbital_drop_count(p)
  return game.get("game", nil, "orbital_drop_count") or 2
end

-- Systems holding one of p's space docks (sorted).
function L.dock_systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    if L.def(p, u.kind).type == "space_dock" and u.system and not seen[u.system] then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end

-- p may put one unit of each of `kinds` (ships) into one system with one of
-- his space docks, chosen by him (or none unless `must`), as far as his
-- units are not all in play; the fleet supply is then checked there. `card`
-- names the card. Returns the system, or nil.
function L.free_ships_at_dock(p, kinds, card, must)
  local sys = L.dock_systems(p)
  if #sys == 0 then return nil end
  local opts = must and {} or { "none" }
  for _, s in ipairs(sys) do opts[#opts + 1] = game.system(s).hex end
  local names = {}
  for _, k in ipairs(kinds) do names[#names + 1] = L.name("units", k) end
  local pick = game.choose(p, { key = "ti3.system_for_free_ships", card = card, units = names }, opts)
  if pick == "none" then return nil end
  local s = game.system_at(pick)
  for _, k in ipairs(kinds) do
    local d = L.def(p, k)
    if not d.limit or game.count_units { owner = p, kind = k } < d.limit then
      game.spawn(k, p, { system = s })
      game.log({ key = "ti3.places_free_unit", p = L.pn(p), unit = L.name("units", k), system = L.sysname(s), card = card })
    end
  end
  L.enforce_limits(p, s)
  return s
end

---------------------------------------------------------------------------
-- Agendas: a card's script may give `outcomes(def, opts)`, the options of
-- its vote (opts: the shared step's; default: those).
local base_outcomes = L.outcomes
function L.outcomes(d)
  local out = base_outcomes(d)
  local h = d and d.handler
  if type(h) == "table" and h.outcomes then return h.outcomes(d, out) end
  return out
end

---------------------------------------------------------------------------
-- Fleet supply and command counters.

-- hook: whether fleet supply limits are ignored now (game prop fleet_supply_ignored, War Funding); default: no.
function L.fleet_supply_ignored(p, s)
  return game.get("game", nil, "fleet_supply_ignored") and true or false
end

local base_fleet_limit_in = L.fleet_limit_in
function L.fleet_limit_in(p, s)
  if L.fleet_supply_ignored(p, s) then return math.huge end
  return base_fleet_limit_in(p, s)
end

-- hook: whether p may move command counters between his areas in the status phase (L.redistribute); default: yes, unless the game prop no_redistribution is set (Resource Management).
function L.may_redistribute(p)
  return not game.get("game", nil, "no_redistribution")
end

local base_redistribute = L.redistribute
function L.redistribute(p)
  if L.may_redistribute(p) then return base_redistribute(p) end
  local seen = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] then
      seen[u.system] = true
      L.enforce_limits(p, u.system)
    end
  end
end

-- Systems where p has units in space (sorted).
function L.systems_with_ships(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] then seen[u.system] = true; out[#out + 1] = u.system end
  end
  table.sort(out)
  return out
end

---------------------------------------------------------------------------
-- Bombardment: the game prop bombard_mods (unit type -> number more needed,
-- e.g. 2 for -2 on the rolls) changes every bombardment roll (Unconventional
-- Weapons).
local base_bombard_roll = L.bombard_roll
function L.bombard_roll(p, u, pl, dice, hit, ctx)
  dice, hit = base_bombard_roll(p, u, pl, dice, hit, ctx)
  local mods = game.get("game", nil, "bombard_mods")
  if mods then
    local d = L.def(p, u.kind)
    local m = d and mods[d.type]
    if m then hit = hit + m end
  end
  return dice, hit
end

---------------------------------------------------------------------------
-- Planets: while the game prop planet_values_swapped is set (Labor Force
-- Politics), every planet's resources and influence trade places.
local base_pdef = L.pdef
-- (Copies are cached per definition table returned below us; weak keys, as
-- another wrapper may return a fresh copy each time.)
local swapped = setmetatable({}, { __mode = "k" })
function L.pdef(id)
  local d = base_pdef(id)
  if not d or not game.get("game", nil, "planet_values_swapped") then return d end
  local c = swapped[d]
  if not c then
    c = {}
    for k, v in pairs(d) do c[k] = v end
    c.resources, c.influence = d.influence, d.resources
    swapped[d] = c
  end
  return c
end

---------------------------------------------------------------------------
-- Laws.

-- Discards law `id` from play: its `repeal` (if any) undoes what it
-- changed, and the game no longer holds it. Returns whether it was in play.
function L.discard_law(id)
  if not game.move_card(id, "laws", "discard:politics") then return false end
  local d = game.data.political_cards[id]
  local h = d and d.handler
  game.log({ key = "ti3.law_discarded", card = L.name("political_cards", id) })
  if type(h) == "table" and h.repeal then h.repeal(d) end
  game.revoke("game", "political_cards", id)
  game.put("game", nil, "law:" .. id, nil)
  return true
end

-- The laws in play (ids, in the order they were passed).
function L.laws_in_play()
  local out = {}
  for _, id in ipairs(game.zone("laws")) do out[#out + 1] = id end
  return out
end

---------------------------------------------------------------------------
-- Secondaries: a player with the player prop free_secondary:<card> uses
-- that card's secondary without a strategy counter (Science Community
-- Speaker).
local base_secondary_free = L.secondary_free
function L.secondary_free(q, d, ctx)
  if ctx and ctx.card and game.get("player", q, "free_secondary:" .. ctx.card) then return true end
  return base_secondary_free(q, d, ctx)
end

---------------------------------------------------------------------------
-- Objectives: `objective_scored` opens after a player scored an objective
-- through L.score (and gained its points).
local base_score = L.score
function L.score(p, id)
  local r = base_score(p, id)
  game.window("objective_scored", { player = p, objective = id })
  return r
end

---------------------------------------------------------------------------
-- Trade: bans on agreements (game prop trade_bans: a list of {a, b (nil:
-- anybody), until (a round; nil: while the card `by` is a law in play),
-- by}); L.may_trade_with reads them, and the contract values of a round
-- (game prop contract_value: {round, value}).

-- Adds a ban on agreements between a and b (nil: anybody) until round
-- `until` (nil: while law `by` is in play), and breaks the agreements it
-- forbids.
function L.ban_trade(a, b, until_round, by)
  local bans = game.get("game", nil, "trade_bans") or {}
  bans[#bans + 1] = { a = a, b = b, ["until"] = until_round, by = by }
  game.put("game", nil, "trade_bans", bans)
  local list = game.get("game", nil, "agreements") or {}
  local keep = {}
  for _, x in ipairs(list) do
    if L.may_trade_with(x.a, x.b) then keep[#keep + 1] = x end
  end
  if #keep < #list then
    game.put("game", nil, "agreements", keep)
    for _, x in ipairs(list) do
      if not L.may_trade_with(x.a, x.b) then
        game.log({ key = "ti3.trade_agreement_broken_2", card = L.name("political_cards", by), p = L.pn(x.a), q = L.pn(x.b) })
      end
    end
  end
end

-- Lifts the bans of card `by`.
function L.lift_trade_bans(by)
  local keep = {}
  for _, b in ipairs(game.get("game", nil, "trade_bans") or {}) do
    if b.by ~= by then keep[#keep + 1] = b end
  end
  game.put("game", nil, "trade_bans", #keep > 0 and keep or nil)
end

-- hook: whether p and q may have a trade agreement (L.negotiate offers none otherwise); default: no ban of L.ban_trade applies.
function L.may_trade_with(p, q)
  local bans = game.get("game", nil, "trade_bans")
  if not bans then return true end
  local round = game.get("game", nil, "round") or 0
  for _, b in ipairs(bans) do
    local live = (b["until"] and round <= b["until"]) or (not b["until"] and game.get("game", nil, "law:" .. b.by))
    if live and ((b.a == p and (b.b == nil or b.b == q)) or (b.a == q and (b.b == nil or b.b == p))) then return false end
  end
  return true
end

-- hook: what a trade contract of `owner` worth v pays its holder (L.trade_income); default: v, at most the game prop contract_value's value in its round (Intergalactic Commerce).
function L.contract_value(owner, v)
  local c = game.get("game", nil, "contract_value")
  if c and c.round == (game.get("game", nil, "round") or 0) then return math.min(v, c.value) end
  return v
end

---------------------------------------------------------------------------
-- Activation: `activation_terms` opens for each system L.activatable
-- offers; a handler may set `barred` (a card's name) to leave it out (a
-- ban, or a cost the player cannot pay). Costs are paid in
-- before:activation by the card that sets them.
local base_activatable = L.activatable
function L.activatable(p)
  local out = {}
  for _, s in ipairs(base_activatable(p)) do
    local w = game.window("activation_terms", { player = p, system = s })
    if not w.barred then out[#out + 1] = s end
  end
  return out
end

-- Landing: `landing_terms` opens when `count` ground forces of p are about
-- to land on planet pl (the shared commit_ground_forces asks the
-- before_landing procedure); handlers may lower `count` (0: none may land).
-- Then, if some may still land, `landing_cost` opens the same way for
-- what must be paid first (a handler lowers `count` to 0 when it is not).
local base_landing = game.procedure_fn("before_landing")
procedure("before_landing", function(c)
  local n = c.count
  if base_landing then n = base_landing(c) or n end
  if n <= 0 then return n end
  local w = game.window("landing_terms", { player = c.player, planet = c.planet, system = c.system, count = n })
  n = math.max(0, math.min(n, w.count or n))
  if n <= 0 then return 0 end
  w = game.window("landing_cost", { player = c.player, planet = c.planet, system = c.system, count = n })
  return math.max(0, math.min(n, w.count or n))
end)

-- Whether p's units landing on pl would invade it: someone else controls it,
-- or nobody does (a neutral planet).
function L.invades(p, pl)
  return game.planet_owner(pl) ~= p
end

---------------------------------------------------------------------------
-- A political card whose data names `requires_system` (a system tile) is
-- discarded as it is revealed when that system is not on the board, and
-- the next card is revealed instead (agenda_revealed's discard).
-- Whether political card `id` needs a system that is not on the board
-- (then says so in the log): such a card is discarded without effect.
function L.agenda_system_missing(id)
  local coll = game.data.political_cards
  local d = coll and coll[id]
  if not d or not d.requires_system then return false end
  local s = game.find_system(d.requires_system)
  if s and game.system(s).hex then return false end
  game.log({ key = "ti3.agenda_needs_system", card = L.name("political_cards", id), system = L.name("systems", d.requires_system) })
  return true
end

game.on("agenda_revealed", function(ctx)
  if L.agenda_system_missing(ctx.agenda) then ctx.discard = true end
end)

---------------------------------------------------------------------------
-- Movement through anomalies: while the game prop anomalies_ignored
-- (anomaly kind -> true) is set, those anomalies no longer stop or slow
-- ships (Investigate Spatial Anomalies, For); in the round of the game prop
-- anomalies_closed_round, no ship may enter a system with any anomaly
-- (its Against).
local function anomaly_of(s)
  local r = L.anomaly_rule(s)
  if not r then return nil end
  local a = (game.data.systems[game.tile_of(s)] or {}).anomaly
  if a then return a end
  for _, id in ipairs(game.keys(game.data.anomalies or {})) do
    if game.data.anomalies[id].name == r.name then return id end
  end
  return nil
end

local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  local ignored = game.get("game", nil, "anomalies_ignored")
  if ignored then
    local keep = {}
    for _, s in ipairs(r.blocked) do
      local a = anomaly_of(s)
      if not (a and ignored[a]) then keep[#keep + 1] = s end
    end
    r.blocked = keep
  end
  local closed = game.get("game", nil, "anomalies_closed_round")
  if closed and closed == (game.get("game", nil, "round") or 0) then
    local seen = {}
    for _, s in ipairs(r.blocked) do seen[s] = true end
    for s = 1, game.num_systems() do
      if not seen[s] and L.anomaly_rule(s) then r.blocked[#r.blocked + 1] = s end
    end
  end
  return r
end

local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  local ignored = game.get("game", nil, "anomalies_ignored")
  if ignored and from then
    local a = anomaly_of(from)
    local rule = a and game.data.anomalies[a]
    if rule and rule.move_from and ignored[a] then
      m = math.max(m, (L.def(p, u.kind).move or 0) + (game.get("unit", u.id, "move_bonus") or 0))
    end
  end
  return m
end

---------------------------------------------------------------------------
-- Technology credits: while the game prop specialty_any_colour is set
-- (Research Grant), a planet with a technology specialty gives its credit
-- toward technologies of every colour (the credit its own colour gets).
local base_specialty_credit = L.specialty_credit
function L.specialty_credit(p, pl, color)
  local c = base_specialty_credit(p, pl, color)
  if c ~= nil or not game.get("game", nil, "specialty_any_colour") then return c end
  local own = L.pdef(pl).specialty
  if own then return base_specialty_credit(p, pl, own) end
  return nil
end

---------------------------------------------------------------------------
-- Ships of one type in one system: while the game prop ship_type_limit is
-- set (Fleet Restrictions), a player may have no more than that many ships
-- of one type (fighters included) in any system. The limits checked after
-- movement, production and combat (L.enforce_limits) remove the excess
-- first, the player choosing which, before fleet supply and capacity.

-- hook: the most ships of type `ty` (a unit type) p may have in system s, or nil for no such limit; default: the game prop ship_type_limit while a law sets one (Fleet Restrictions), else none.
function L.ship_type_limit_in(p, s, ty)
  return game.get("game", nil, "ship_type_limit")
end
local default_ship_type_limit = L.ship_type_limit_in

--- p's ships in system s grouped by unit type, as a sorted list of {type = ty, units = {...}} (units sorted by id; carried ships and fighters included).
function L.ships_by_type(p, s)
  local by, types = {}, {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if d.class == "ship" then
      local ty = d.type or u.kind
      if not by[ty] then by[ty] = {}; types[#types + 1] = ty end
      by[ty][#by[ty] + 1] = u
    end
  end
  table.sort(types)
  local out = {}
  for _, ty in ipairs(types) do
    table.sort(by[ty], function(a, b) return a.id < b.id end)
    out[#out + 1] = { type = ty, units = by[ty] }
  end
  return out
end

--- Removes p's ships in system s beyond L.ship_type_limit_in, the player choosing which ships of each type go.
function L.enforce_ship_type_limit(p, s)
  for _, g in ipairs(L.ships_by_type(p, s)) do
    local lim = L.ship_type_limit_in(p, s, g.type)
    local list = g.units
    while lim and #list > lim do
      local opts = {}
      for _, u in ipairs(list) do opts[#opts + 1] = u.kind .. "#" .. u.id end
      local pick = game.choose(p, { key = "ti3.remove_over_type_limit", n = lim, system = L.sysname(s) }, opts)
      local id = tonumber(pick:match("#(%d+)$"))
      game.remove_unit(id)
      game.log({ key = "ti3.removes_over_type_limit", p = L.pn(p), unit = pick, id = id, n = lim, system = L.sysname(s) })
      local keep = {}
      for _, u in ipairs(list) do if u.id ~= id then keep[#keep + 1] = u end end
      list = keep
    end
  end
end

local base_enforce_limits = L.enforce_limits
function L.enforce_limits(p, s, why)
  if type(p) == "number" and s and (L.ship_type_limit_in ~= default_ship_type_limit or game.get("game", nil, "ship_type_limit")) then
    L.enforce_ship_type_limit(p, s)
  end
  return base_enforce_limits(p, s, why)
end

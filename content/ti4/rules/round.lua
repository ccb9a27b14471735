-- Strategy phase, action phase, status phase.
local L = game.lib

local function sc_ids()
  local ids = game.keys(game.data.strategy_cards)
  table.sort(ids, function(a, b)
    return game.data.strategy_cards[a].initiative < game.data.strategy_cards[b].initiative
  end)
  return ids
end
L.sc_ids = sc_ids

-- hook: whether p chooses strategy cards in this strategy phase (default: true).
function L.picks_strategy(p) return true end

-- hook: whether p keeps strategy card id when the status phase returns them (default: false).
function L.keeps_strategy_card(p, id) return false end

-- hook: the most action cards p may hold (LRR 2.5; default: 7).
function L.hand_limit(p) return 7 end

procedure("strategy_phase", function(ctx)
  local n = game.num_players()
  local picks = (n <= 4) and 2 or 1
  for _ = 1, picks do
    for _, p in ipairs(L.order_from(L.speaker())) do
      if not L.picks_strategy(p) then goto next_player end
      local free = {}
      for _, id in ipairs(sc_ids()) do
        if not game.get("game", nil, "sc_owner:" .. id) then free[#free + 1] = id end
      end
      local id = game.choose(p, { key = "ti4.choose_strategy_card" }, free)
      -- Another effect may make p choose again, among the other cards.
      if #free > 1 and game.window("strategy_card_chosen", { player = p, card = id }).redo then
        local rest = {}
        for _, c in ipairs(free) do if c ~= id then rest[#rest + 1] = c end end
        id = game.choose(p, { key = "ti4.choose_strategy_card" }, rest)
      end
      game.put("game", nil, "sc_owner:" .. id, p)
      game.put("game", nil, "sc_used:" .. id, false)
      local tg = game.get("game", nil, "sc_tg:" .. id) or 0
      if tg > 0 then
        game.log({ key = "ti4.takes_strategy_card_tg", p = L.pn(p), card = L.name("strategy_cards", id), id = id, n = tg })
      else
        game.log({ key = "ti4.takes_strategy_card", p = L.pn(p), card = L.name("strategy_cards", id), id = id })
      end
      if tg > 0 then
        game.add(p, "tg", tg)
        game.put("game", nil, "sc_tg:" .. id, 0)
      end
      ::next_player::
    end
  end
  -- One trade good on each card nobody took (LRR 83.2).
  for _, id in ipairs(sc_ids()) do
    if not game.get("game", nil, "sc_owner:" .. id) then
      game.put("game", nil, "sc_tg:" .. id, (game.get("game", nil, "sc_tg:" .. id) or 0) + 1)
    end
  end
end)

-- Component actions, the action options and taking an action are
-- ti-common's (round_common.lua); ti4 holds component actions on techs and
-- abilities, and a technology used this round is not offered again.
L.COMPONENT_COLLS = { "techs", "abilities" }
function L.component_usable(p, coll, id)
  return coll ~= "techs" or not game.get("player", p, "used:" .. id)
end

-- Voting (LRR 8.6): a player exhausts any number of their ready planets and
-- casts the full influence of each. With two or more ready planets of some
-- influence the player says which: "all" (every ready planet, as with one
-- planet) or planets one by one until "done". Returns the votes cast (nil:
-- the votes counted by L.votes).
local base_spend_votes = L.spend_votes
function L.spend_votes(p, id)
  local ready = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    if (L.pdef(pl).influence or 0) > 0 and L.votes_with(p, pl) then ready[#ready + 1] = pl end
  end
  if #ready < 2 then return base_spend_votes(p, id) end
  table.sort(ready)
  local opts = { "all" }
  for _, pl in ipairs(ready) do opts[#opts + 1] = pl end
  local pick = game.choose(p, { key = "ti4.vote_planets", agenda = L.name("agendas", id), n = L.votes(p) }, opts)
  if pick == "all" then return base_spend_votes(p, id) end
  local chosen, votes = { pick }, L.pdef(pick).influence
  while #chosen < #ready do
    local o = { "done" }
    for _, pl in ipairs(ready) do
      local taken = false
      for _, c in ipairs(chosen) do if c == pl then taken = true end end
      if not taken then o[#o + 1] = pl end
    end
    local more = game.choose(p, { key = "ti4.vote_more_planets", agenda = L.name("agendas", id), n = votes }, o)
    if more == "done" then break end
    chosen[#chosen + 1] = more
    votes = votes + L.pdef(more).influence
  end
  local names = {}
  for _, pl in ipairs(chosen) do
    game.exhaust(pl, true)
    names[#names + 1] = L.name("planets", pl)
  end
  game.log({ key = "ti4.votes_with_planets", p = L.pn(p), planets = table.concat(names, ", ") })
  return votes
end

-- What else p and q could exchange in a transaction besides trade goods and
-- commodities, as a count (an ability that lets them trade more replaces
-- this; default nothing).
function L.trade_other_goods(p, q) return 0 end

-- After p has named the goods (`terms`), what else p offers and asks of q:
-- nil, or { n = how many things, terms = the offer's keyed terms (replacing
-- `terms`), exchange = function run once q accepts }. Default nothing.
function L.trade_other_terms(p, q, terms) return nil end

--- hook: whether player a, activating a system, triggers against player q (q ~= a) an ability that reacts to a player activating a system holding another player's units, planets or command tokens; default: yes (a variant with allies says no between them).
function L.activation_touches(a, q) return true end

--- hook: the planets that count as p's own when one of p's abilities or effects is resolved (placing units on a planet of p's, counting p's planets, a system holding a planet of p's); not for exhausting or readying planets, scoring objectives or the Imperial point, which read the planets p controls. Default: the planets p controls (game.planets_owned order); ti4-te's alliance adds the ally's after them.
function L.ability_planets(p) return game.planets_owned(p) end

--- hook: the planets on which p's abilities put ground forces, from reinforcements or moved there (Orbital Drop, Mitosis, Military Support, Yin Spinner, Transit Diodes, Bioplasmosis; Ragh's Call for the Saar player's); default: L.ability_planets(p) but those no unit may be placed on (L.may_place_on: Demilitarized Zone).
function L.drop_planets(p)
  local out = {}
  for _, pl in ipairs(L.ability_planets(p)) do
    if L.may_place_on(pl) then out[#out + 1] = pl end
  end
  return out
end

--- hook: whether planet pl counts as p's own for one of p's abilities or effects (as L.ability_planets); default: p controls it.
function L.is_ability_planet(p, pl) return game.planet_owner(pl) == p end

--- hook: whether player q's units and planets count as "another player's" for an ability or effect of player p's (targeting another player's ships, units or planets, or a system holding none of them); default: q is not p (ti4-te's alliance: nor p's ally).
function L.counts_as_other(p, q) return q ~= p end

--- The ships in system s (space area, not carried) of the players that count as "another player" for p's abilities and effects (L.counts_as_other); default: L.other_ships(p, s).
function L.effect_other_ships(p, s)
  local out = {}
  for _, u in ipairs(L.other_ships(p, s)) do
    if L.counts_as_other(p, u.owner) then out[#out + 1] = u end
  end
  return out
end

--- Player `to` receives n commodities from player `from` in a transaction: they become trade goods (LRR 21.3; a variant may keep them commodities).
function L.receive_commodities(to, from, n) game.add(to, "tg", n) end

-- hook: whether p and q may make a transaction: neighbours (LRR 94.1), or
-- either holds an ability with the flag trade_anyone (default).
function L.may_trade(p, q)
  return L.neighbours(p, q) or L.flag(p, "trade_anyone") > 0 or L.flag(q, "trade_anyone") > 0
end

-- ctx.player makes transactions, one with each other player at most: with
-- the players L.may_trade allows, or, with ctx.anyone (the agenda phase,
-- LRR 94.6), with any player still in the game. ctx.pairs (optional, shared
-- by several calls) records the pairs "a:b" that made one already.
procedure("transaction", function(ctx)
  local p = ctx.player
  local used = {}
  local function pair(q) return math.min(p, q) .. ":" .. math.max(p, q) end
  if ctx.pairs then
    for q = 1, game.num_players() do
      if ctx.pairs[pair(q)] then used[q] = true end
    end
  end
  while true do
    local opts = { "none" }
    for q = 1, game.num_players() do
      if q ~= p and not used[q] and (ctx.anyone and not L.eliminated(q) or not ctx.anyone and L.may_trade(p, q))
        and (game.counter(p, "tg") + game.counter(p, "commodities") + game.counter(q, "tg") + game.counter(q, "commodities")
          + L.trade_other_goods(p, q)) > 0 then
        opts[#opts + 1] = "trade with " .. L.pn(q)
      end
    end
    local c = game.choose(p, { key = "ti4.transaction" }, opts)
    if c == "none" then return end
    local q = tonumber(c:match("p(%d+)$"))
    used[q] = true
    if ctx.pairs then ctx.pairs[pair(q)] = true end
    -- Any number of commodities and trade goods each way (LRR 94.2).
    local function amount(who, what, prompt)
      local o = {}
      for i = 0, game.counter(who, what) do o[#o + 1] = tostring(i) end
      return tonumber(game.choose(p, prompt, o))
    end
    local gc = amount(p, "commodities", { key = "ti4.commodities_to_give", q = L.pn(q) })
    local gt = amount(p, "tg", { key = "ti4.tg_to_give", q = L.pn(q) })
    local wc = amount(q, "commodities", { key = "ti4.commodities_to_ask", q = L.pn(q) })
    local wt = amount(q, "tg", { key = "ti4.tg_to_ask", q = L.pn(q) })
    local terms = { key = "ti4.trade_terms", gc = gc, gt = gt, wc = wc, wt = wt }
    local other = L.trade_other_terms(p, q, terms)
    if other then terms = other.terms end
    if gc + gt + wc + wt + (other and other.n or 0) > 0
      and game.choose(q, { key = "ti4.trade_offer", p = L.pn(p), terms = terms }, { "accept", "decline" }) == "accept" then
      -- A commodity given to another player becomes a trade good (LRR 21.3).
      game.add(p, "commodities", -gc); game.add(p, "tg", -gt); L.receive_commodities(q, p, gc); game.add(q, "tg", gt)
      game.add(q, "commodities", -wc); game.add(q, "tg", -wt); L.receive_commodities(p, q, wc); game.add(p, "tg", wt)
      game.log({ key = "ti4.trade", p = L.pn(p), q = L.pn(q), terms = terms })
      if other then other.exchange() end
      game.window("transaction_resolved", { player = p, other = q })
    end
  end
end)


--- Whether p's coming turn is skipped (an effect may skip a player's turn; it says so with the game prop `skip_turn:<p>`, which this clears). Default: no prop, no skip.
function L.turn_skipped(p)
  if not game.get("game", nil, "skip_turn:" .. p) then return false end
  game.put("game", nil, "skip_turn:" .. p, nil)
  return true
end

--- A player's commodity value: what replenishing fills their commodities to (default: their faction's number; an expansion may add to it).
function L.commodity_value(p)
  local fac = L.faction(p)
  return fac and fac.commodities or 0
end

--- hook: how many commodities p has once they replenish (the Trade card, an effect that replenishes); default: their commodity value (a variant without a maximum of commodities adds it to what they have).
function L.replenished_commodities(p) return L.commodity_value(p) end

-- Transactions during the turn (LRR 94.1a): the active player may make a
-- transaction at any time of their turn, even in combat, but only one with
-- each neighbour in the turn. While a turn of the action phase runs, the
-- game prop turn_transactions holds the pairs "a:b" that made one this turn.
-- They are offered at the start of the turn, after movement and at the start
-- of each combat round (space or ground) of the turn; nothing is asked when
-- no transaction is possible.
local TURN_TRADES = "turn_transactions"

--- Offer the active player transactions now, within their turn of the action phase (LRR 94.1a): `window` is the window they are made in and `wctx` its ctx (a promissory note received may be played there); one with each other player per turn. Outside such a turn it does nothing.
function L.turn_transaction(window, wctx)
  local done = game.get("game", nil, TURN_TRADES)
  local p = game.get("game", nil, "active")
  if not (done and p) then return end
  game.call("transaction", { player = p, window = window, window_ctx = wctx, pairs = done })
  game.put("game", nil, TURN_TRADES, done)
end

game.on("after:movement", function(ctx) L.turn_transaction("after:movement", ctx) end)
-- (Not in a fight outside a turn, such as a simulated one.)
game.on("combat_round_start", function(ctx) L.turn_transaction("combat_round_start", ctx) end,
  { plain = function() return not game.get("game", nil, TURN_TRADES) end })

procedure("action_phase", function(ctx)
  local passed = {}
  local npassed = 0
  local n = game.num_players()
  -- (An eliminated player takes no more turns.)
  local function left()
    for q = 1, n do
      if not passed[q] and not L.eliminated(q) then return true end
    end
    return false
  end
  while left() do
    for _, p in ipairs(L.initiative_order()) do
      if not passed[p] and not L.eliminated(p) and L.turn_skipped(p) then
        game.log({ key = "ti4.turn_skipped", p = L.pn(p) })
      elseif not passed[p] and not L.eliminated(p) then
        game.put("game", nil, "active", p)
        game.put("game", nil, TURN_TRADES, {})
        game.window("turn_start", { player = p })
        L.turn_transaction("turn_start")
        ::choose_again::
        local act = game.choose(p, { key = "ti4.action" }, game.call("action_options", p))
        if act ~= "pass" and L.flag(p, "two_actions") > 0 then
          -- A second action this turn (e.g. a technology allows it), unless
          -- the first ended the turn.
          local first = L.take_action(p, act)
          if first.cancelled then goto choose_again end
          if first.end_turn then goto turn_over end
          local again = {}
          for _, o in ipairs(game.call("action_options", p)) do if o ~= "pass" then again[#again + 1] = o end end
          again[#again + 1] = "none"
          act = game.choose(p, { key = "ti4.second_action" }, again)
          if act == "none" then act = nil end
        end
        if act == "pass" then
          passed[p] = true
          npassed = npassed + 1
          -- Read by effects that depend on who has passed (Transparasteel Plating).
          game.put("game", nil, "passed:" .. p, true)
          game.log({ key = "ti4.passes", p = L.pn(p) })
        elseif act then
          local r = L.take_action(p, act)
          -- A cancelled component action does not use the player's action
          -- (LRR 22.4): they choose their action again.
          if type(r) == "table" and r.cancelled then goto choose_again end
        end
        ::turn_over::
        game.window("turn_end", { player = p })
        game.put("game", nil, TURN_TRADES, nil)
      end
    end
  end
  game.put("game", nil, "active", nil)
  for p = 1, n do game.put("game", nil, "passed:" .. p, nil) end
end)

-- The component and strategic actions are ti-common's (round_common.lua).
-- A technology used as an action is exhausted until the status phase.
function L.component_used(p, coll, id)
  if coll == "techs" then game.put("player", p, "used:" .. id, true) end
end

-- Status phase, steps 1-8 (step 9, the agenda phase, follows in the round).
procedure("status_phase", function(ctx)
  game.step("score_objectives", ctx)
  game.step("reveal_objective", ctx)
  game.step("draw_action_cards", ctx)
  game.step("remove_command_tokens", ctx)
  game.step("gain_command_tokens", ctx)
  game.step("ready_cards", ctx)
  game.step("repair_units", ctx)
  game.step("return_strategy_cards", ctx)
end)

procedure("score_objectives", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    if L.controls_home(p) then
      local opts = { "none" }
      for _, c in ipairs(game.zone("public")) do
        if not game.get("player", p, "scored:" .. c) and L.can_score(p, "public_objectives", c) then
          opts[#opts + 1] = "public:" .. c
        end
      end
      local pick = game.choose(p, { key = "ti4.score_public" }, opts)
      if pick ~= "none" then L.score(p, "public_objectives", pick:sub(8)) end
    end
    local opts = { "none" }
    for _, c in ipairs(game.zone("secrets:" .. p)) do
      local d = game.data.secret_objectives[c]
      if (d.phase or "status") == "status" and L.can_score(p, "secret_objectives", c) then opts[#opts + 1] = "secret:" .. c end
    end
    local pick = game.choose(p, { key = "ti4.score_secret" }, opts)
    if pick ~= "none" then L.score(p, "secret_objectives", pick:sub(8)) end
  end
end)

--- The planets p controls as objectives count them (default: every planet p controls; an expansion may leave some out or add others).
function L.objective_planets(p) return game.planets_owned(p) end

--- The ways p's technologies may be counted by colour for objectives: a list of colour -> count tables (default: one, L.tech_colors(p); an expansion that lets a technology count as another colour gives each way).
function L.tech_colour_counts(p) return { L.tech_colors(p) } end

--- How many unit upgrade technologies p owns as objectives count them: one for each unit type upgraded, however many of its upgrades p owns (LRR FAQ, The Nekro Virus: a standard and a faction upgrade of one type count once).
function L.unit_upgrade_count(p)
  local types, n = {}, 0
  for _, t in ipairs(game.holdings(p, "techs")) do
    local d = game.data.techs[t]
    local u = d and d.unit and game.data.units[d.unit]
    if u and not types[u.type] then types[u.type] = true; n = n + 1 end
  end
  return n
end

function L.can_score(p, coll, id)
  local d = game.data[coll][id]
  local h = d.handler
  if not h or not h.check then return false end
  if d.spend then
    for kind, n in pairs(d.spend) do
      if kind == "tg" then
        if game.counter(p, "tg") < n then return false end
      elseif L.spendable(p, kind) < n then return false end
    end
  end
  return h.check(p, d) and true or false
end

--- Pays what objective `id` of collection `coll` costs p to score, at the time of scoring (LRR 61.10): its script's `pay` (command tokens, action cards) and its `spend` field (resources, influence, trade goods). L.score calls it; so does any other way of scoring an objective (a leaked secret objective).
function L.pay_objective_cost(p, coll, id)
  local d = game.data[coll][id]
  -- Costs other than resources, influence and trade goods (tokens, cards).
  if type(d.handler) == "table" and d.handler.pay then d.handler.pay(p, d) end
  if d.spend then
    for _, kind in ipairs(game.keys(d.spend)) do
      if kind == "tg" then game.add(p, "tg", -d.spend[kind]) else L.pay(p, d.spend[kind], kind) end
    end
  end
end

function L.score(p, coll, id)
  local d = game.data[coll][id]
  L.pay_objective_cost(p, coll, id)
  if coll == "secret_objectives" then
    game.move_card(id, "secrets:" .. p, "scored:" .. p)
  else
    game.put("player", p, "scored:" .. id, true)
  end
  L.gain_vp(p, d.points or 1, L.name(coll, id))
end

--- p meets action-phase objective `id` of collection `coll` during or right after the combat whose ctx is `ctx` (a space or ground combat): a player scores one objective at most in each combat (LRR 61.7), so it is noted as a candidate, and once the combat's after: window has run its cards, p scores it, choosing one when several were met (key ti4.score_combat_objective).
function L.combat_objective(ctx, p, coll, id)
  ctx.objective_candidates = ctx.objective_candidates or {}
  local mine = ctx.objective_candidates[p] or {}
  for _, c in ipairs(mine) do
    if c.id == id and c.coll == coll then return end
  end
  mine[#mine + 1] = { coll = coll, id = id }
  ctx.objective_candidates[p] = mine
end

-- The candidates of L.combat_objective are scored once the cards have
-- answered the after: window of the combat (the active player first, then
-- clockwise, as the cards ran).
local function score_combat_objectives(ctx)
  local cand = ctx.objective_candidates
  if not cand then return end
  ctx.objective_candidates = nil
  for _, p in ipairs(L.order_from(ctx.active or ctx.player or L.speaker())) do
    local mine = cand[p]
    if mine and #mine > 0 then
      local pick = mine[1]
      if #mine > 1 then
        local opts, by = {}, {}
        for _, c in ipairs(mine) do opts[#opts + 1] = c.id; by[c.id] = c end
        table.sort(opts)
        pick = by[game.choose(p, { key = "ti4.score_combat_objective" }, opts)]
      end
      L.score(p, pick.coll, pick.id)
    end
  end
end
game.on("after:space_combat", score_combat_objectives, { priority = -50, plain = true })
game.on("after:ground_combat", score_combat_objectives, { priority = -50, plain = true })

procedure("reveal_objective", function(ctx)
  if not L.reveal_objective() then
    -- No objective left to reveal: the game ends (LRR 61.14).
    game.log({ key = "ti4.no_objective_left" })
    game.put("game", nil, "objectives_ran_out", true)
    error({ game_over = true, commit = true }, 0)
  end
end)

procedure("draw_action_cards", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
  end
  for p = 1, game.num_players() do game.call("hand_limit", p) end
end)

-- More than 7 action cards: discard down (LRR 2.5).
procedure("hand_limit", function(p)
  while game.zone_count("actions:" .. p) > L.hand_limit(p) do
    local c = game.choose(p, { key = "ti4.discard_action_card" }, game.zone("actions:" .. p))
    L.discard_action_card(p, c)
  end
end)

procedure("gain_command_tokens", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    local n = math.min(2 + (ctx.extra_tokens or 0), L.reinforcements(p))
    for _ = 1, n do
      local pool = game.choose(p, { key = "ti4.place_command_token" }, L.token_pools(p))
      game.add(p, pool, 1)
    end
    -- Then all tokens on the sheet may be redistributed (LRR 81.5).
    L.redistribute(p)
    game.log({ key = "ti4.command_tokens", p = L.pn(p),
      tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end
end)

procedure("ready_cards", function(ctx)
  for p = 1, game.num_players() do
    for _, pl in ipairs(game.planets_owned(p)) do game.exhaust(pl, false) end
    for _, t in ipairs(game.holdings(p, "techs")) do game.put("player", p, "used:" .. t, nil) end
  end
end)

procedure("return_strategy_cards", function(ctx)
  for _, id in ipairs(sc_ids()) do
    local o = game.get("game", nil, "sc_owner:" .. id)
    if o and L.keeps_strategy_card(o, id) then
      game.put("game", nil, "sc_used:" .. id, false)
    else
      game.put("game", nil, "sc_owner:" .. id, nil)
      game.put("game", nil, "sc_used:" .. id, nil)
    end
  end
end)

-- Trade: the players the active player chose in the primary use the
-- secondary without spending a strategy token (LRR 92.4b); the card's
-- primary lists them in ctx.free.
local base_secondary_free = L.secondary_free
function L.secondary_free(q, d, ctx)
  if ctx and ctx.free and ctx.free[q] then return true end
  return base_secondary_free(q, d, ctx)
end
-- ... and they must resolve it, after the primary (LRR 92.4a).
local base_secondary_required = L.secondary_required
function L.secondary_required(q, d, ctx)
  if ctx and ctx.free and ctx.free[q] then return true end
  return base_secondary_required(q, d, ctx)
end

-- The greedy policy scores whenever it may.
L.GREEDY_TAKE["ti4.score_public"] = true
L.GREEDY_TAKE["ti4.score_secret"] = true
L.GREEDY_TAKE["ti4.score_leaked"] = true
L.GREEDY_PREFER["ti4.choose_strategy_card"] = { "imperial" }
L.GREEDY_TAKE["use_secondary"] = true

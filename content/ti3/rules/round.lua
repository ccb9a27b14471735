-- The TI3 round: strategy phase, action phase (strategic, tactical,
-- transfer, pass), status phase.
local L = game.lib

-- The strategy cards in play: the base set, or Shattered Empire's.
-- The list depends only on the options and the data, which do not change
-- while the game runs: it is worked out at the first call (asked for every
-- player's cards and the initiative order, many times a round), and every
-- call returns a copy of its own, which the caller may change.
local sc_ids_in_play
function L.sc_ids()
  if not sc_ids_in_play then
    local set = game.options.se_strategy_cards and "shattered_empire" or "base"
    local ids, replaced = {}, {}
    -- A card that `replaces` another (Imperial II) is in play, in its
    -- place, only with the option of its own id.
    for _, id in ipairs(game.keys(game.data.strategy_cards)) do
      local d = game.data.strategy_cards[id]
      if d.replaces and game.options[id] then replaced[d.replaces] = true end
    end
    for _, id in ipairs(game.keys(game.data.strategy_cards)) do
      local d = game.data.strategy_cards[id]
      if d.set == set and not replaced[id] and (not d.replaces or game.options[id]) then ids[#ids + 1] = id end
    end
    table.sort(ids, function(a, b)
      return game.data.strategy_cards[a].initiative < game.data.strategy_cards[b].initiative
    end)
    sc_ids_in_play = ids
  end
  return { table.unpack(sc_ids_in_play) }
end

-- Strategy phase: from the speaker clockwise each player takes a card (two
-- each with 3 or 4 players, in a second pass in the same order); the bonus
-- counters on it go with it; then every card left gets one more bonus
-- counter. The picking order is fixed when the phase starts: a player who
-- takes Initiative becomes speaker at once, but the second pass still
-- starts with the player who began the phase (our reading; the TI3 rules
-- only say the speaker picks first and play goes clockwise).
-- Each bonus counter is taken as one trade good or one command counter from
-- reinforcements (several published descriptions of TI3 play agree on the
-- choice, e.g. the fandom "Official Rules (Third Edition)" summary and the
-- preeminent.org 2-player walkthrough; the rulebook text is not in the
-- public sources).
function L.take_bonus(p, id, bonus)
  local tg, cc = 0, 0
  for _ = 1, bonus do
    local opts = { "trade good" }
    if L.reinforcements(p) > 0 then opts[#opts + 1] = "command counter" end
    if game.choose(p, { key = "ti3.take_bonus_counter_as", card = L.name("strategy_cards", id) }, opts) == "command counter" then
      game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1)
      cc = cc + 1
    else
      game.add(p, "tg", 1)
      tg = tg + 1
    end
  end
  game.log({ key = cc == 1 and "ti3.takes_bonus_one" or "ti3.takes_bonus_many", p = L.pn(p), bonus = bonus, tg = tg, cc = cc })
end

-- hook: the strategy cards p may take with this pick, from the free ones (default: all of them).
function L.strategy_card_choices(p, free) return free end

-- hook: whether no player may choose strategy card id in this strategy phase; default: the card was barred for this round (game prop sc_barred_round:<id>, set by Strategic Shift).
function L.strategy_card_barred(id)
  local r = game.get("game", nil, "sc_barred_round:" .. id)
  return r ~= nil and r == (game.get("game", nil, "round") or 0)
end

-- The strategy cards p may choose now: nobody holds them, p did not hold
-- them last round if they may not be repeated, they are not barred this
-- round, and not in `refused` (cards p had to give back in this pick).
function L.free_strategy_cards(p, refused)
  local free = {}
  for _, c in ipairs(L.sc_ids()) do
    local d = game.data.strategy_cards[c]
    local banned = (d.no_repeat and game.get("player", p, "no_repeat") == c) or (refused and refused[c]) or L.strategy_card_barred(c)
    if not game.get("game", nil, "sc_owner:" .. c) and not banned then free[#free + 1] = c end
  end
  return free
end

-- hook: whether p keeps the strategy cards he holds when the round ends; default: he played Political Stability this round (player prop sc_kept_round).
function L.keeps_strategy_cards(p)
  local r = game.get("player", p, "sc_kept_round")
  return r ~= nil and r == (game.get("game", nil, "round") or 0)
end

-- hook: whether p chooses no strategy card in this strategy phase; default: he kept his cards at the end of last round (player prop sc_kept_round).
function L.skips_strategy_choice(p)
  local r = game.get("player", p, "sc_kept_round")
  return r ~= nil and r == (game.get("game", nil, "round") or 0) - 1
end

-- p takes strategy card id (its bonus counters, its `chosen` effect).
local function take_card(p, id)
  game.put("game", nil, "sc_owner:" .. id, p)
  game.put("game", nil, "sc_used:" .. id, false)
  local bonus = game.get("game", nil, "sc_bonus:" .. id) or 0
  game.log({ key = bonus > 0 and "ti3.takes_strategy_card_bonus" or "ti3.takes_strategy_card", p = L.pn(p), card = L.name("strategy_cards", id), bonus = bonus })
  if bonus > 0 then
    game.put("game", nil, "sc_bonus:" .. id, 0)
    L.take_bonus(p, id, bonus)
  end
  local h = game.data.strategy_cards[id].handler
  if h and h.chosen then h.chosen(p, game.data.strategy_cards[id]) end
end

procedure("strategy_phase", function(ctx)
  local n = game.num_players()
  local picks = (n <= 4) and 2 or 1
  local order = L.order_from(L.speaker())
  -- Who holds each planet as the round starts (new space docks go only on
  -- planets their builder already held when the round began).
  for sys = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(sys)) do game.put("planet", pl, "round_start_owner", game.planet_owner(pl)) end
  end
  for _ = 1, picks do
    for _, p in ipairs(order) do
      if not L.skips_strategy_choice(p) then
        local refused = {}
        local id, taker
        repeat
          id = game.choose(p, { key = "ti3.choose_strategy_card" }, L.strategy_card_choices(p, L.free_strategy_cards(p, refused)))
          -- Right after the choice: a handler may send the card back
          -- (ctx.redo); p then chooses another one, if one is left. A
          -- handler may also hand the card to another player (ctx.to).
          local w = game.window("strategy_card_chosen", { player = p, card = id })
          taker = w.to or p
          if w.redo then
            refused[id] = true
            if #L.strategy_card_choices(p, L.free_strategy_cards(p, refused)) > 0 then id = nil else refused[id] = nil end
          end
        until id
        take_card(taker, id)
      end
    end
  end
  -- Every player has chosen, before the bonus counters go on the others.
  game.window("strategy_cards_chosen", { player = L.speaker() })
  for _, id in ipairs(L.sc_ids()) do
    if not game.get("game", nil, "sc_owner:" .. id) then
      game.put("game", nil, "sc_bonus:" .. id, (game.get("game", nil, "sc_bonus:" .. id) or 0) + 1)
    end
  end
end)

-- p gives back strategy card `old` and takes the unchosen card `new`
-- instead (the bonus counters on it come with it).
function L.exchange_strategy_card(p, old, new)
  game.put("game", nil, "sc_owner:" .. old, nil)
  game.log({ key = "ti3.returns_strategy_card", p = L.pn(p), card = L.name("strategy_cards", old) })
  take_card(p, new)
end

-- The window after a strategy card's primary: cards played then may bar
-- players from its secondary (ctx.barred: player -> true), which
-- ti-common's strategic action asks through L.may_use_secondary.
local base_resolve_primary = L.resolve_primary
function L.resolve_primary(p, d, ctx)
  local r = base_resolve_primary(p, d, ctx)
  local w = game.window("strategy_primary_done", { player = p, card = ctx.card, barred = {} })
  local barred = {}
  for _, q in ipairs(game.keys(w.barred or {})) do barred[#barred + 1] = q end
  if #barred > 0 then ctx.secondary_barred = w.barred end
  return r
end
local base_may_secondary = L.may_use_secondary
function L.may_use_secondary(q, d, ctx)
  if ctx.secondary_barred and ctx.secondary_barred[q] then return false end
  -- (Aggressive Strategy voted down: no secondary for the rest of the round.)
  local r = game.get("game", nil, "no_secondaries_round")
  if r ~= nil and r == (game.get("game", nil, "round") or 0) then return false end
  return base_may_secondary(q, d, ctx)
end

-- Component actions, the action options and taking an action are
-- ti-common's (round_common.lua); TI3 adds the transfer action (a command
-- counter from the command pool, like a tactical action).
L.COMPONENT_COLLS = { "techs", "racial_techs", "race_abilities" }
L.ACTION_STEPS.transfer = "transfer_action"
function L.tactic_actions(p, opts)
  if #L.transfer_pairs(p) > 0 then opts[#opts + 1] = "transfer" end
end

-- hook: the players in the order they take turns in cycle `cycle` (1 = every player's first turn) of the action phase; default: L.initiative_order(), with a player who plays First Strike this round (game props first_strike / first_strike_round) first in cycle 1.
function L.action_turn_order(cycle)
  local order = L.initiative_order()
  local fs = game.get("game", nil, "first_strike")
  if cycle ~= 1 or not fs or game.get("game", nil, "first_strike_round") ~= (game.get("game", nil, "round") or 0) then return order end
  local out = { fs }
  for _, p in ipairs(order) do if p ~= fs then out[#out + 1] = p end end
  return out
end

procedure("action_phase", function(ctx)
  local passed, npassed, n = {}, 0, game.num_players()
  local cycle = 0
  while npassed < n do
    cycle = cycle + 1
    for _, p in ipairs(L.action_turn_order(cycle)) do
      if not passed[p] then
        game.put("game", nil, "active", p)
        game.window("turn_start", { player = p })
        local act = game.choose(p, { key = "ti3.action" }, game.call("action_options", p))
        if act == "pass" then
          passed[p] = true
          npassed = npassed + 1
          game.log({ key = "ti3.passes", p = L.pn(p) })
        else
          L.take_action(p, act)
        end
        game.window("turn_end", { player = p })
        -- Cards drawn during the turn (e.g. Political) respect the hand limit.
        for _, q in ipairs(L.order_from(p)) do L.enforce_action_limit(q) end
      end
    end
  end
  game.put("game", nil, "active", nil)
end)

-- The component and strategic actions are ti-common's (round_common.lua);
-- L.secondary_first and L.component_used are its hooks.

-- Transfer action (TI3): the player activates two adjacent systems with one
-- command counter from his command pool and a second one from his
-- reinforcements. Each system must hold at least one of his units, none of
-- another player's (ground forces and PDS included), and none of his command
-- counters. Then: his ships (and what they carry) move between the two; PDS
-- of other players in range (adjacent, with Deep Space Cannon) fire at his
-- ships there, a PDS in range of both at one of them only; his ground forces
-- (and PDS) in space may land on planets he controls there; finally he may
-- produce units in one of the two systems. (The TI3 rulebook's transfer
-- sequence as transcribed at explodingzombie.com/rules/ti/transfer_action
-- and summed up on the FFG "order of play" card; not in the public sources.)
function L.transfer_ok(p, s)
  if game.has_token(s, "command", p) then return false end
  local mine = false
  for _, u in ipairs(game.units { system = s }) do
    if u.owner ~= p then return false end
    mine = true
  end
  return mine
end

-- Whether p may take transfer actions at all (a variant without them, or
-- with them only under some option, replaces this).
function L.transfers_allowed(p) return true end

function L.transfer_pairs(p)
  local out = {}
  if not L.transfers_allowed(p) or L.reinforcements(p) <= 0 then return out end
  for s = 1, game.num_systems() do
    if L.transfer_ok(p, s) then
      for _, t in ipairs(game.adjacent(s, "move")) do
        if s < t and L.transfer_ok(p, t) then out[#out + 1] = { s, t } end
      end
    end
  end
  table.sort(out, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  return out
end

-- Moves p's ships from `from` to `to` (the player picks them), then the
-- fighters, ground forces and PDS in `from` that their capacity can carry.
local function transfer_move(p, from, to)
  local room = 0
  for _, u in ipairs(L.ships(p, from)) do
    local d = L.def(p, u.kind)
    if (d.move or 0) >= 1 and game.confirm(p, { key = "ti3.transfer", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(to) }) then
      game.move_unit(u.id, { system = to })
      game.log({ key = "ti3.moves_unit", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(from), system2 = L.sysname(to) })
      room = room + (d.capacity or 0)
    end
  end
  -- Saar floating docks move like ships (races.lua); one that moves cannot
  -- produce in this action (unit prop dock_moved). (A transfer moving them
  -- is our reading: the TI3 rules predate the Saar.)
  if L.floating_docks(p) then
    for _, u in ipairs(game.units { system = from, owner = p, space = true }) do
      if L.is_floating_dock(u) and not u.dock_moved and (L.def(p, u.kind).move or 0) >= 1
        and game.confirm(p, { key = "ti3.transfer", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(to) }) then
        game.move_unit(u.id, { system = to })
        game.put("unit", u.id, "dock_moved", true)
        game.log({ key = "ti3.moves_unit", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(from), system2 = L.sysname(to) })
      end
    end
  end
  if room <= 0 then return end
  for _, u in ipairs(game.units { system = from, owner = p }) do
    if room <= 0 then break end
    if u.carried == nil and L.def(p, u.kind).transported and game.unit_exists(u.id)
      and game.confirm(p, u.planet and { key = "ti3.transport_from", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet), system = L.sysname(to) }
        or { key = "ti3.transport", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(to) }) then
      game.move_unit(u.id, { system = to })
      room = room - 1
    end
  end
end

-- Kept in game.lib too, so a variant that removes the transfer action and a
-- later one that restores it can share this definition.
function L.ti3_transfer_action(ctx)
  local p = ctx.player
  local pairs_ = L.transfer_pairs(p)
  if #pairs_ == 0 then error(L.pn(p) .. " has no two systems to transfer between") end
  if game.counter(p, "tactic") <= 0 then error(L.pn(p) .. " has no command counter in its command pool") end
  local opts = {}
  for _, pr in ipairs(pairs_) do opts[#opts + 1] = game.system(pr[1]).hex .. "<->" .. game.system(pr[2]).hex end
  local pick = game.choose(p, { key = "ti3.transfer_between" }, opts)
  local a, b = pick:match("^(.-)<%->(.-)$")
  a, b = game.system_at(a), game.system_at(b)
  ctx.systems = { a, b }
  -- One counter from the command pool, the other from reinforcements.
  game.add(p, "tactic", -1)
  game.place_token(a, "command", p)
  game.place_token(b, "command", p)
  game.log({ key = "ti3.transfers_between", p = L.pn(p), system = L.sysname(a), system2 = L.sysname(b) })
  -- 1. Movement, both ways; limits hold afterwards.
  transfer_move(p, a, b)
  transfer_move(p, b, a)
  L.enforce_limits(p, a)
  L.enforce_limits(p, b)
  -- 2. PDS fire from adjacent systems (range 1) at p's ships in a or b.
  local shots = {} -- shooter -> target system -> list
  for _, q in ipairs(L.order_from(p)) do
    if q ~= p then
      for _, u in ipairs(game.units { not_owner = p }) do
        local sc = u.owner == q and u.system and L.def(q, u.kind).space_cannon
        if sc and (sc.range or 0) >= 1 then
          local targets = {}
          for _, s in ipairs({ a, b }) do
            local rule = L.anomaly_rule(s)
            if #L.ships(p, s) > 0 and not (rule and rule.no_space_cannon) then
              for _, t in ipairs(game.within(s, 1, "space_cannon")) do
                -- (not through a wormhole: tactical3.lua, L.board_adjacent)
                if t == u.system and L.board_adjacent(s, t) then targets[#targets + 1] = s; break end
              end
            end
          end
          if #targets > 0 then
            local s = targets[1]
            if #targets > 1 then
              local hexes = {}
              for _, t in ipairs(targets) do hexes[#hexes + 1] = game.system(t).hex end
              s = game.system_at(game.choose(q, { key = "ti3.fire_at", unit = u.kind .. "#" .. u.id, id = u.id }, hexes))
            end
            shots[q] = shots[q] or {}
            shots[q][s] = shots[q][s] or {}
            table.insert(shots[q][s], { unit = u, sc = sc })
          end
        end
      end
    end
  end
  for _, q in ipairs(L.order_from(p)) do
    for _, s in ipairs({ a, b }) do
      local list = shots[q] and shots[q][s]
      if list and #L.ships(p, s) > 0 then
        local hits = L.fire_cannons(q, list, p, "space cannon")
        local w = game.window("space_cannon_hits", { player = p, shooter = q, hits = hits, system = s })
        L.assign_hits(p, L.ships(p, s), w.hits, "space cannon", { source = q })
        L.enforce_limits(p, s)
      end
    end
  end
  -- 3. Landings: only on planets p controls.
  local landed = {}
  for _, s in ipairs({ a, b }) do
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == p then
        local avail = {}
        for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
          local d = L.def(p, u.kind)
          -- (A floating dock stays in the space area.)
          if u.carried == nil and (d.class == "ground" or d.class == "structure") and not L.is_floating_dock(u) then avail[#avail + 1] = u end
        end
        for _, u in ipairs(avail) do
          if not landed[u.id] and game.confirm(p, { key = "ti3.land", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) }) then
            landed[u.id] = true
            game.move_unit(u.id, { planet = pl })
            game.log({ key = "ti3.lands", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) })
          end
        end
      end
    end
  end
  -- 4. Production in one of the two systems.
  local prod = { "none" }
  for _, s in ipairs({ a, b }) do
    if L.production(p, s) > 0 then prod[#prod + 1] = game.system(s).hex end
  end
  if #prod > 1 then
    local where = game.choose(p, { key = "ti3.produce_in" }, prod)
    if where ~= "none" then game.step("production", { player = p, active = p, system = game.system_at(where), transfer = true }) end
  end
end
procedure("transfer_action", function(ctx) return L.ti3_transfer_action(ctx) end)

-- Status phase (TI3): objectives, repair, remove counters, gain and
-- redistribute counters, refresh planets, draw action cards, return
-- strategy cards.
procedure("status_phase", function(ctx)
  game.step("score_objectives", ctx)
  game.step("repair_units", ctx)
  game.step("remove_command_tokens", ctx)
  game.step("gain_command_tokens", ctx)
  game.step("ready_cards", ctx)
  game.step("draw_action_cards", ctx)
  game.step("return_strategy_cards", ctx)
end)

-- What p pays for objective d whose printed cost is `cost` (its `spend`
-- or its `cost` table): a fresh table of amounts by kind. A variant that
-- changes objective costs (say, halves them) replaces this helper.
function L.objective_cost(p, d, cost)
  if not cost then return nil end
  local out = {}
  for _, k in ipairs(game.keys(cost)) do out[k] = cost[k] end
  return out
end

-- The victory points objective `d` is worth (its `points`, 1 when it
-- gives none). A variant that changes what objectives are worth overrides
-- this.
function L.objective_points(d)
  return (d and d.points) or 1
end

-- Called when player q is elected by a vote to control objective def (the
-- Voice of the Council): by default he scores its points at once. A variant
-- where such an objective is only claimed later (in the objectives step of
-- the status phase) overrides this at load time; a player who loses control
-- loses the points only if he had scored them (player prop scored:<id>).
function L.elected_objective_gained(q, def)
  game.put("player", q, "scored:" .. def.id, true)
  L.gain_vp(q, L.objective_points(def), L.name("objectives", def.id))
end

-- A player who does not control every planet of his home system may not
-- claim objectives (TI3 as we recall the rulebook; the Saar race sheet's
-- "may fulfil objectives without the home system" presumes it).
-- hook: whether p must control every planet of his home system to claim objective d (its definition); default: yes for public (stage I and II) and secret objectives, unless a race ability lifts it (flag score_without_home: the Saar). A variant without the rule says no.
function L.scoring_needs_home(p, d)
  return (d.kind == "stage1" or d.kind == "stage2" or d.kind == "secret") and L.flag(p, "score_without_home") == 0
end

function L.can_score(p, id)
  local d = game.data.objectives[id]
  local h = d.handler
  if not h or not h.check then return false end
  if L.scoring_needs_home(p, d) and not L.controls_home(p) then return false end
  local spend = L.objective_cost(p, d, d.spend)
  if spend then
    for _, kind in ipairs(game.keys(spend)) do
      local n = spend[kind]
      if kind == "tg" then if game.counter(p, "tg") < n then return false end
      elseif kind == "command_counters" then
        if game.counter(p, "tactic") + game.counter(p, "strategy") < n then return false end
      elseif L.spendable(p, kind) < n then return false end
    end
  end
  return h.check(p, d) and true or false
end

function L.score(p, id)
  local d = game.data.objectives[id]
  if type(d.handler) == "table" and d.handler.pay then d.handler.pay(p, d) end
  local spend = L.objective_cost(p, d, d.spend)
  if spend then
    for _, kind in ipairs(game.keys(spend)) do
      local n = spend[kind]
      if kind == "tg" then game.add(p, "tg", -n)
      elseif kind == "command_counters" then
        -- Command counters spent on an objective come from the command pool
        -- or the strategy allocation, never from fleet supply (TI3 rule as we
        -- recall it; objectives_data.yaml notes the same).
        for _ = 1, n do
          local pools = {}
          for _, pool in ipairs({ "tactic", "strategy" }) do if game.counter(p, pool) > 0 then pools[#pools + 1] = pool end end
          game.add(p, game.choose(p, { key = "ti3.spend_command_counter" }, pools), -1)
        end
      else L.pay(p, n, kind) end
    end
  end
  if d.kind == "secret" then game.move_card(id, "secrets:" .. p, "scored:" .. p)
  else game.put("player", p, "scored:" .. id, true) end
  if d.ends_game == "winner" then
    game.put("game", nil, "winner", p)
    game.log({ key = "ti3.claims_wins", p = L.pn(p), objective = L.name("objectives", id) })
    game.put("game", nil, "won_by", "claims " .. L.name("objectives", id))
    error({ game_over = true, commit = true }, 0)
  end
  L.gain_vp(p, L.objective_points(d), L.name("objectives", id))
end

-- Each player in initiative order may claim one revealed public objective
-- he has not claimed yet, and his secret objective if it is fulfilled. (TI3:
-- one public objective per status phase; the secret objective is claimed
-- besides it. The public sources do not give the rule; the preeminent.org
-- TI3 walkthroughs play it so, the SE Imperial II card's "any number of
-- public objectives" is the exception to the one-public limit, and it is
-- our memory of the rulebook. Variants change this.)
-- hook: how many public objectives p may claim in this status phase; default: 1, or any number after p took Imperial II's first option this round (player prop imperial_ii_round).
function L.public_claims_allowed(p)
  local r = game.get("player", p, "imperial_ii_round")
  if r ~= nil and r == (game.get("game", nil, "round") or 0) then return math.huge end
  return 1
end

procedure("score_objectives", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    local left = L.public_claims_allowed(p)
    while left > 0 do
      local opts = { "none" }
      for _, c in ipairs(game.zone("public")) do
        if not game.get("player", p, "scored:" .. c) and L.can_score(p, c) then opts[#opts + 1] = c end
      end
      local pick = game.choose(p, { key = "ti3.claim_public_objective" }, opts)
      if pick == "none" then break end
      L.score(p, pick)
      left = left - 1
    end
    local opts = { "none" }
    for _, c in ipairs(game.zone("secrets:" .. p)) do
      if L.can_score(p, c) then opts[#opts + 1] = c end
    end
    local pick = game.choose(p, { key = "ti3.claim_secret_objective" }, opts)
    if pick ~= "none" then L.score(p, pick) end
  end
end)

procedure("ready_cards", function(ctx)
  for p = 1, game.num_players() do
    for _, pl in ipairs(game.planets_owned(p)) do game.exhaust(pl, false) end
  end
end)

procedure("draw_action_cards", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 1 + L.flag(p, "extra_action_cards"))
    L.enforce_action_limit(p)
  end
end)

-- A player may hold at most 7 action cards; he discards the excess of his
-- choice (TI3 rule as we recall it, not in the public sources; the
-- preeminent.org 3-player walkthrough plays the same limit). A race with the
-- `no_action_card_limit` flag (Yssaril) is exempt.
L.ACTION_CARD_LIMIT = 7

-- hook: the number of action cards p may hold; default: L.ACTION_CARD_LIMIT, or the game prop action_card_limit while a law sets one (Limits to Individual Power).
function L.action_card_limit(p)
  return game.get("game", nil, "action_card_limit") or L.ACTION_CARD_LIMIT
end

-- hook: the influence p pays for each command counter with the Logistics secondary; default: 3, or the game prop logistics_counter_price while a law sets one (Imperial Academy).
function L.logistics_counter_price(p)
  return game.get("game", nil, "logistics_counter_price") or 3
end

-- Leadership's secondary (effects/strategy/leadership.lua) buys command
-- counters from reinforcements with influence; these hooks set its price, its
-- cap and how the purchase is asked and told.

-- hook: the influence p pays for n command counters bought together with the Leadership secondary (n >= 1); default: 2 each.
function L.leadership_price(p, n) return 2 * n end

-- hook: the most command counters p may buy with one use of the Leadership secondary (reinforcements and influence limit it too); default: 3.
function L.leadership_most(p) return 3 end

-- hook: the keyed prompt asking p how many command counters to buy with the Leadership secondary; default: ti3.buy_counters_2_influence.
function L.leadership_buy_prompt(p) return { key = "ti3.buy_counters_2_influence" } end

-- hook: p has just paid `price` influence for n command counters with the Leadership secondary (they are placed next); default: nothing more is logged.
function L.leadership_bought(p, n, price) end

function L.enforce_action_limit(p)
  if L.flag(p, "no_action_card_limit") > 0 then return end
  local limit = L.action_card_limit(p)
  while game.zone_count("actions:" .. p) > limit do
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone("actions:" .. p)) do
      if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
    end
    table.sort(hand)
    local c = game.choose(p, { key = "ti3.discard_over_hand_limit", limit = limit }, hand)
    game.move_card(c, "actions:" .. p, "discard:actions")
    game.log({ key = "ti3.discards_over_hand_limit", p = L.pn(p), card = L.name("action_cards", c) })
  end
end

procedure("return_strategy_cards", function(ctx)
  -- Diplomacy's peace and Initiative's free secondaries end with the round.
  for p = 1, game.num_players() do
    game.put("player", p, "free_secondaries", nil)
    for q = 1, game.num_players() do game.put("game", nil, "peace:" .. p .. ":" .. q, nil) end
  end
  for p = 1, game.num_players() do game.put("player", p, "no_repeat", nil) end
  for _, id in ipairs(L.sc_ids()) do
    local o = game.get("game", nil, "sc_owner:" .. id)
    local d = game.data.strategy_cards[id]
    if o and L.keeps_strategy_cards(o) then
      -- (kept for next round: ready to be played again)
      game.put("game", nil, "sc_used:" .. id, false)
    else
      -- A card that may not be taken twice in a row remembers its holder.
      if o and d.no_repeat then game.put("player", o, "no_repeat", id) end
      game.put("game", nil, "sc_owner:" .. id, nil)
      game.put("game", nil, "sc_used:" .. id, nil)
    end
  end
end)

procedure("gain_command_tokens", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    local extra = L.flag(p, "extra_command_counters")
    local n = math.min(2 + extra, L.reinforcements(p))
    for _ = 1, n do game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1) end
    L.redistribute(p)
    game.log({ key = "ti3.command_counters", p = L.pn(p), tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end
end)

-- The greedy policy claims whenever it may.
L.GREEDY_TAKE["ti3.claim_public_objective"] = true
L.GREEDY_TAKE["ti3.claim_secret_objective"] = true
L.GREEDY_PREFER["ti3.choose_strategy_card"] = { "imperial", "bureaucracy" }

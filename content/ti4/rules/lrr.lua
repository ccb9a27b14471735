-- Rules of the base game the shared procedures leave open, made exact here:
-- the fleet pool right after moving in (LRR 37.3, 16.3c), what a retreat
-- carries (LRR 78.7b), elimination (LRR 33).
local L = game.lib

-- The fleet pool holds at all times, also when ships have just moved into a
-- system with other players' ships; capacity waits for the end of the
-- combat (LRR 37.3, 16.3c).
function L.limits_before_combat(p, target)
  L.enforce_fleet_pool(p, target)
end

-- Space cannon offense is no part of the space combat (LRR 58.7, 77.2):
-- when its hits have cost the active player capacity in the active system,
-- the fighters and ground forces in its space area that the remaining ships
-- cannot hold are removed, before any space combat (LRR 16.3; 16.3c spares
-- them during the combat only). Only the active player's ships are hit
-- there, so only their capacity can shrink. (In a plain fight no unit has
-- space cannon, so nothing fires and nothing is removed.)
game.on("before:space_cannon_offense", function(ctx)
  local s, p = ctx.system, ctx.player
  if s and p then game.put("game", nil, "sco_capacity", (L.capacity(p, s))) end
end, { plain = true })
game.on("after:space_cannon_offense", function(ctx)
  local s, p = ctx.system, ctx.player
  local before = game.get("game", nil, "sco_capacity")
  game.put("game", nil, "sco_capacity", nil)
  if not s or not p or not before then return end
  if (L.capacity(p, s)) < before then L.enforce_limits(p, s) end
end, { priority = -100, plain = true })

--- p's ships with a move value in the space area of s are about to move out of s other than by a tactical action's movement (a retreat, an ability): when s is a gravity rift, each rolls a die and one that fails is removed (LRR 41.2).
function L.roll_leaving_rift(p, s)
  local rule = L.anomaly_rule(s)
  if rule and rule.exit_bonus then
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      local d = L.def(p, u.kind)
      if u.carried == nil and d.class == "ship" and (d.move or 0) > 0 then
        local hits = game.roll({ key = "roll_gravity_rift", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1, L.rift_survival(p, { unit = u, cost = 1 }))
        if hits == 0 then
          game.remove_unit(u.id)
          game.log({ key = "lost_in_rift", unit = u.kind .. "#" .. u.id })
        end
      end
    end
  end
end

-- A retreat takes the ships with a move value and only the fighters and
-- ground forces their capacity can carry (or that move on their own); the
-- player chooses which of the others are removed (LRR 78.7b, 16.3a).
function L.retreat_cargo(p, s, t)
  -- Retreating out of a gravity rift is moving out of it: a die for each
  -- ship that moves, 1-3 removes it (LRR 41.2), a fighter with a move
  -- value too (it moves on its own, below); what a ship carried goes with
  -- it, as the capacity below counts only the ships that are left (41.2a-b).
  L.roll_leaving_rift(p, s)
  local cap, cargo = 0, {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    local moves = (d.move or 0) > 0
    if u.carried == nil and d.class == "ship" and not d.transported and moves then cap = cap + (d.capacity or 0) end
    if d.transported and not moves then cargo[#cargo + 1] = u end
  end
  local n = #cargo
  while n > cap do
    local opts = {}
    for _, u in ipairs(cargo) do
      if game.unit_exists(u.id) then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    local pick = game.choose(p, { key = "remove_over_capacity" }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = "removes_over_capacity", p = L.pn(p), unit = pick, system = L.sysname(s) })
    n = n - 1
  end
end

--- Whether p's ships moved by a retreat or an ability (not the movement of a tactical action) may go into system t, which is not the active system: not a supernova (LRR 86.1; but with the flag enter_supernova, Magmus Reactor), a nebula (59.1) or an asteroid field without its technology (11.1).
function L.ships_may_enter_outside_movement(p, t)
  local rule = L.anomaly_rule(t)
  if not rule then return true end
  if rule.enter == "never" then
    return (game.data.systems[game.tile_of(t)] or {}).anomaly == "supernova" and L.flag(p, "enter_supernova") > 0
  end
  return not (rule.enter == "end" or (rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech)))
end

-- A retreat moves ships into the system retreated to, so the anomalies that
-- bar a ship from moving in bar it too (LRR 78.7b; 59.1: a nebula only as the
-- active system; 11.1: an asteroid field without Antimass Deflectors; 86.1).
-- A plain fight never retreats (the default policy) and is fought in no
-- anomaly's neighbourhood that matters to it.
local base_retreat_options = L.retreat_options
function L.retreat_options(p, s)
  local out = {}
  for _, t in ipairs(base_retreat_options(p, s)) do
    if L.ships_may_enter_outside_movement(p, t) then out[#out + 1] = t end
  end
  return out
end
L.plain_wrapper(L.retreat_options, base_retreat_options)

-- Ground forces produced go to a planet holding a unit that used its
-- PRODUCTION (LRR 68.3): with two such planets in the system (a space dock
-- on each), the player says which, for each unit.
local base_production_place = L.production_place
function L.production_place(ctx, kind, where, st)
  where = base_production_place(ctx, kind, where, st)
  if not where.planet or L.def(ctx.player, kind).class ~= "ground" then return where end
  local sites, seen = {}, {}
  for _, u in ipairs(game.units { system = ctx.system, owner = ctx.player }) do
    if u.planet and not seen[u.planet] and L.produces_ground_site(ctx, u) then
      seen[u.planet] = true
      sites[#sites + 1] = u.planet
    end
  end
  if #sites < 2 or not seen[where.planet] then return where end
  table.sort(sites)
  return { planet = game.choose(ctx.player, { key = "ti4.place_produced_on", unit = kind }, sites) }
end

-- Space cannon offense begins with the active player, then clockwise (LRR 77.2).
function L.space_cannon_offense_active_first(ctx) return true end

---------------------------------------------------------------------------
-- Elimination (LRR 33). A player with no ground forces on the board, no
-- unit with production and no planet is out of the game. Checked after an
-- invasion, at the end of every turn and after each agenda.
---------------------------------------------------------------------------
local NOTES = "promissory_notes"

-- Whether p meets the three conditions of LRR 33.1.
function L.meets_elimination(p)
  if #game.planets_owned(p) > 0 then return false end
  for _, u in ipairs(game.units { owner = p }) do
    local d = L.def(p, u.kind)
    if d.class == "ground" or d.production then return false end
  end
  return true
end

-- Takes p's notes out of the game: notes of p's colour go to the box from
-- whoever has them (their `returned` runs: Support for the Throne's point),
-- notes of other players that p has go back to their owners (LRR 33.4).
local function notes_out(p)
  local box = "box:notes:" .. p
  game.zone_new(box, nil)
  for q = 1, game.num_players() do
    for _, z in ipairs({ { "notes:" .. q, L.notes_in_hand(q) }, { "notes_area:" .. q, L.notes_in_play(q) } }) do
      local zone = z[1]
      for _, card in ipairs(z[2]) do
        local id, o = L.note_of(card)
        if o == p then
          local h = game.data[NOTES][id].handler
          if q ~= p and type(h) == "table" and h.returned then h.returned(q, o, game.data[NOTES][id]) end
          game.move_card(card, zone, box)
        elseif q == p then
          L.return_note(card, zone, p)
        end
      end
    end
  end
end

-- LRR 33.10c: when the Naalu player is eliminated while another player has
-- their "0" token (that player has the Naalu player's Gift of Prescience in
-- their play area and is first in initiative order by it), the token stays
-- with that player until the end of the status phase, then leaves play. The
-- note itself leaves with the Naalu player's other notes (33.4a); the game
-- prop zero_token_kept names who keeps the token meanwhile.
local function keep_zero_token(p)
  local z = L.zero_token_player()
  if z and z ~= p and L.note_in_play(z, "gift_of_prescience", p) then
    game.put("game", nil, "zero_token_kept", z)
    game.log({ key = "ti4.keeps_zero_token", p = L.pn(z), q = L.pn(p) })
  end
end

local base_zero = L.zero_token_player
function L.zero_token_player()
  local z = game.get("game", nil, "zero_token_kept")
  if z then return (#L.cards_of(z) > 0 and not L.eliminated(z)) and z or nil end
  return base_zero()
end

game.on("after:status_phase", function(ctx)
  local z = game.get("game", nil, "zero_token_kept")
  if not z then return end
  game.put("game", nil, "zero_token_kept", nil)
  game.log({ key = "ti4.zero_token_leaves", p = L.pn(z) })
end)

-- p is eliminated: everything of theirs leaves the game as LRR 33.2-33.8 say
-- (and the Naalu "0" token as 33.10c says).
function L.eliminate(p)
  game.put("player", p, "eliminated", true)
  game.log({ key = "ti4.eliminated", p = L.pn(p) })
  keep_zero_token(p)
  -- Units, command tokens, control tokens (33.2).
  for _, u in ipairs(game.units { owner = p }) do game.remove_unit(u.id) end
  for s = 1, game.num_systems() do
    while game.has_token(s, "command", p) do game.remove_token(s, "command", p) end
  end
  for _, pool in ipairs(L.POOLS) do game.set(p, pool, 0) end
  for _, pl in ipairs(game.planets_owned(p)) do game.set_owner(pl, nil) end
  -- Technologies and the faction's abilities go with the faction sheet.
  for _, coll in ipairs({ "techs", "abilities", "factions" }) do
    for _, id in ipairs(game.holdings(p, coll)) do game.revoke(p, coll, id) end
  end
  notes_out(p)
  -- Agendas p owns are discarded (33.3): the laws that elected p.
  local laws = {}
  for _, id in ipairs(game.zone("laws")) do laws[#laws + 1] = id end
  table.sort(laws)
  for _, id in ipairs(laws) do
    if L.law_owner(id) == p then L.discard_law(id) end
  end
  -- Action cards discarded (33.5).
  for _, c in ipairs(game.zone("actions:" .. p)) do L.discard_action_card(p, c) end
  -- Strategy cards back to the common play area (33.6).
  for _, id in ipairs(L.sc_ids()) do
    if game.get("game", nil, "sc_owner:" .. id) == p then
      game.put("game", nil, "sc_owner:" .. id, nil)
      game.put("game", nil, "sc_used:" .. id, nil)
    end
  end
  -- Secret objectives, scored or not, shuffled into their deck (33.7).
  for _, zone in ipairs({ "secrets:" .. p, "scored:" .. p }) do
    for _, c in ipairs(game.zone(zone)) do game.move_card(c, zone, "deck:secrets") end
  end
  game.shuffle("deck:secrets")
  -- The speaker token passes to the left (33.8).
  if L.speaker() == p then
    local q = L.order_from(p)[1]
    if q then
      game.put("game", nil, "speaker", q)
      game.log({ key = "ti4.is_speaker", p = L.pn(q) })
    end
  end
  -- One player left: they win.
  local left = L.order_from(1)
  if #left == 1 and not game.get("game", nil, "winner") then
    game.put("game", nil, "winner", left[1])
    game.put("game", nil, "won_by", "is the last player left")
    error({ game_over = true, commit = true }, 0)
  end
end

-- Eliminates every player who meets LRR 33.1, in player order.
function L.check_eliminations()
  for p = 1, game.num_players() do
    if not L.eliminated(p) and L.meets_elimination(p) then L.eliminate(p) end
  end
end

game.on("after:invasion", function(ctx) L.check_eliminations() end, { priority = -100 })
game.on("turn_end", function(ctx) L.check_eliminations() end, { priority = -100 })
game.on("after:agenda", function(ctx) L.check_eliminations() end, { priority = -100 })

-- An eliminated player makes no transaction and is not chosen by Trade.
local base_may_trade = L.may_trade
function L.may_trade(p, q)
  if L.eliminated(p) or L.eliminated(q) then return false end
  return base_may_trade(p, q)
end

---------------------------------------------------------------------------
-- Transactions in the agenda phase (LRR 94.6): once an agenda is revealed
-- (and the cards played then), each player in voting order may make one
-- transaction with each other player, neighbours or not.
---------------------------------------------------------------------------
--- hook: whether the players may make transactions once the agenda of `ctx` (agenda_revealed's) is revealed (LRR 94.6); default: yes (a variant that forbids them says no).
function L.agenda_transactions_allowed(ctx) return true end

-- (A note received in one of these transactions whose timing is the reveal
-- of an agenda, when_agenda_revealed, may still be played on this agenda.)
game.on("agenda_revealed", function(ctx)
  if ctx.discard or not L.agenda_transactions_allowed(ctx) then return end
  local pairs_done = {}
  for _, p in ipairs(L.order_from(L.next_in_rotation(L.speaker()))) do
    if game.confirm(p, { key = "ti4.agenda_transactions", agenda = L.name("agendas", ctx.agenda) }) then
      game.call("transaction", { player = p, anyone = true, pairs = pairs_done, window = "when_agenda_revealed", window_ctx = ctx })
    end
  end
end, { priority = -10 })

---------------------------------------------------------------------------
-- Transport on the way (LRR 95.1, 95.3, 58.4): a ship with capacity may
-- move through systems on its way to the active system and pick up
-- fighters and ground forces there; the player chooses those systems (its
-- path), each one without a command token of theirs, not holding other
-- players' ships, and within the ship's move value. A ship whose path can
-- go around a gravity rift is not made to go through it (LRR 41, 58.4f).
---------------------------------------------------------------------------
--- Whether list t (or nil) holds x.
function L.in_list(t, x)
  for _, y in ipairs(t or {}) do
    if y == x then return true end
  end
  return false
end
local in_list = L.in_list

--- p's units in system s that a ship can carry (fighters and ground forces, in space or on planets), leaving out those that move by themselves (`moving`: a set of unit ids).
function L.pickable_units(p, s, moving)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.def(p, u.kind).transported and u.carried == nil and not moving[u.id] then out[#out + 1] = u end
  end
  return out
end
local function pickable(p, s, moving) return L.pickable_units(p, s, moving) end

--- The question whether a ship passing through system s picks up unit c (of L.pickable_units).
function L.transport_via_prompt(c, s)
  return c.planet
    and { key = "ti4.transport_via_planet", unit = c.kind .. "#" .. c.id, id = c.id, planet = L.name("planets", c.planet), system = L.sysname(s) }
    or { key = "ti4.transport_via", unit = c.kind .. "#" .. c.id, id = c.id, system = L.sysname(s) }
end

function L.transport_on_the_way(p, target, moved, rules, room, start)
  local picked_from, seen = {}, {}
  local moving = {}
  for _, m in ipairs(moved) do moving[m.unit.id] = true end
  for _, m in ipairs(moved) do
    local u = m.unit
    local from = u.system
    local take = math.min(L.def(p, u.kind).capacity or 0, room[from] or 0)
    local mv = L.move_value(p, u, from)
    local spent, at = 0, from
    m.picked, m.via = {}, {}
    while take > 0 do
      local opts = {}
      for s = 1, game.num_systems() do
        if s ~= target and s ~= from and s ~= at and game.system(s).hex and not in_list(m.via, s)
          and not game.has_token(s, "command", p) and not in_list(rules.stop, s) and not in_list(rules.blocked, s)
          and #pickable(p, s, moving) > 0 then
          local a = L.move_cost_of(p, at, s, rules)
          local b = a and L.move_cost_of(p, s, target, rules)
          if b and spent + a + b <= mv then opts[#opts + 1] = game.system(s).hex end
        end
      end
      if #opts == 0 then break end
      table.insert(opts, 1, "none")
      local pick = game.choose(p, { key = "ti4.move_through", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(from) }, opts)
      if pick == "none" then break end
      local s = game.system_at(pick)
      spent = spent + L.move_cost_of(p, at, s, rules)
      at = s
      m.via[#m.via + 1] = s
      game.log({ key = "ti4.moves_through", p = L.pn(p), unit = u.kind .. "#" .. u.id, system = L.sysname(s) })
      for _, c in ipairs(pickable(p, s, moving)) do
        if take <= 0 then break end
        if game.choose(p, L.transport_via_prompt(c, s), { "yes", "no" }) == "yes" then
          start()
          game.move_unit(c.id, { system = target })
          -- A ship leaving the rift it started in rolls before it gets
          -- there: lost, it never picked this unit up.
          if in_list(rules.free_exit, from) then c.back = c.planet and { planet = c.planet } or { system = s } end
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
    if #m.via > 0 then m.cost = spent + L.move_cost_of(p, at, target, rules) end
    -- The active system too (LRR 95.1): ground forces on p's planets there
    -- may be taken up into its space area (to land elsewhere in the
    -- invasion). A ship a gravity rift removes never got there: they stay.
    if take > 0 then
      for _, c in ipairs(pickable(p, target, moving)) do
        if take <= 0 then break end
        if c.planet and game.choose(p, { key = "ti4.transport_in_active", unit = c.kind .. "#" .. c.id, id = c.id,
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
  return picked_from
end

-- The rift roll follows the path: along the systems the ship chose to pass
-- (one of them a gravity rift: it rolls); a ship leaving a rift rolls;
-- else the ship goes around a rift whenever a path without one is within
-- its move value.
local base_rift_check_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  -- A ship leaving a rift always rolls (LRR 41.2).
  if in_list(rules.free_exit, from) then return base_rift_check_cost(p, m, from, target, rules) end
  local plain
  if m.via and #m.via > 0 then
    for _, s in ipairs(m.via) do
      if in_list(rules.free_exit, s) then return nil end
    end
    plain = 0
    local at = from
    for _, s in ipairs(m.via) do
      local c = base_rift_check_cost(p, m, at, s, rules)
      if not c then return nil end
      plain, at = plain + c, s
    end
    local c = base_rift_check_cost(p, m, at, target, rules)
    if not c then return nil end
    plain = plain + c
  else
    plain = base_rift_check_cost(p, m, from, target, rules)
  end
  if plain and plain <= L.move_value(p, m.unit, from) then return m.cost end
  return plain
end

-- The active player's space cannons in the space cannon offense step fire
-- at one player, whom the active player chooses among those with ships in
-- the active system (LRR 77.5b), not at each of them in turn.
function L.space_cannon_offense_targets(p, s, ctx)
  local enemies = L.enemies_in(p, s)
  if #enemies <= 1 then return enemies end
  local fires = false
  for _, t in ipairs(game.within(s, 1, "space_cannon")) do
    if #L.space_cannon_shooters(p, t, s) > 0 then fires = true end
  end
  if not fires then return enemies end
  local opts, by = {}, {}
  for _, q in ipairs(enemies) do opts[#opts + 1] = L.pn(q); by[L.pn(q)] = q end
  return { by[game.choose(p, { key = "ti4.space_cannon_target", system = L.sysname(s) }, opts)] }
end

-- Plasma Scoring's extra die goes to one of the units using the ability,
-- which the player picks before rolling (LRR FAQ on Plasma Scoring). Asked
-- only when the pick can matter: the units differ in the value they hit on
-- or (bombardment) in the planet they bombard; otherwise the first one.
function L.extra_die_unit(p, ability, list)
  local seen, opts, idx = {}, {}, {}
  for i, c in ipairs(list) do
    local k = tostring(c.hit) .. "@" .. tostring(c.where or "")
    if not seen[k] then
      seen[k] = true
      opts[#opts + 1] = c.unit.kind .. "#" .. c.unit.id
      idx[opts[#opts]] = i
    end
  end
  if #opts < 2 then return 1 end
  return idx[game.choose(p, { key = "ti4.extra_die_unit", ability = ability }, opts)]
end

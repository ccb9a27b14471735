-- Rules that action cards and agendas rely on: the seams they set through
-- game props (a card played records what it changes; these rules read the
-- record at the point the rules reach), all registered at load time.
local L = game.lib

--- hook: the value of data field `field` of card `def` (any collection) that its script uses when player p plays it (Morale Boost's `bonus`, Flank Speed's `move`...); default: the field as the data has it. A variant that changes a card's number overrides this at load time and decides at call time.
function L.card_value(def, field, p) return def[field] end

--- hook: player p's Sabotage (def) has just cancelled action card `card` that player q played (the card is already discarded); does nothing.
function L.sabotaged(p, q, card, def) end

-- A cancelled action card is not treated as played (LRR 2.6b): a player
-- who holds another copy of an action card cancelled in a window (by
-- Sabotage) may play that copy in the same window, if it still applies.
local function copies_in_hand(p, id)
  local n = 0
  for _, c in ipairs(game.zone("actions:" .. p)) do if c == id then n = n + 1 end end
  return n
end
local base_play_optional = game.procedure_fn("play_optional")
procedure("play_optional", function(p, coll, id, ctx)
  if coll ~= "action_cards" then return base_play_optional(p, coll, id, ctx) end
  local before = copies_in_hand(p, id)
  local ok = base_play_optional(p, coll, id, ctx)
  while ok == false and ctx and ctx.window and copies_in_hand(p, id) > 0 and copies_in_hand(p, id) < before do
    -- (the card left the hand: it was played and cancelled)
    local d = game.data.action_cards[id]
    local h = d.handler
    if type(h) ~= "table" or (h.when and not h.when(ctx, p, d)) then break end
    local go = game.choose(p, { key = "kernel.play_optional", coll = coll, id = id, window = ctx.window,
      card = game.text("names." .. id, id), when = game.text("windows." .. ctx.window, ctx.window) }, { "no", "yes" })
    if go ~= "yes" then break end
    before = copies_in_hand(p, id)
    ok = base_play_optional(p, coll, id, ctx)
  end
  return ok
end)

local function law(id) return game.get("game", nil, "law:" .. id) end
local function law_owner(id)
  local o = law(id)
  return o and o:match("^p%d+$") and tonumber(o:sub(2)) or nil
end
L.law_owner = law_owner

--- A law's effect leaves play: its `repeal` undoes what it changed (LRR 98.6 keeps victory points), it is no longer held and its outcome prop goes; its card stays where it is (L.discard_law also discards the card).
function L.law_leaves_play(id)
  local d = game.data.agendas[id]
  if type(d.handler) == "table" and d.handler.repeal then d.handler.repeal(d) end
  game.revoke("game", "agendas", id)
  game.put("game", nil, "law:" .. id, nil)
end

-- A law leaves play: L.law_leaves_play, and its card goes to the discard
-- pile (from the laws in play; a law being voted on again by Miscount
-- Disclosed has its card on the table already).
function L.discard_law(id)
  L.law_leaves_play(id)
  for _, c in ipairs(game.zone("laws")) do
    if c == id then game.move_card(id, "laws", "discard:agendas"); return end
  end
end

-- Miscount Disclosed: the law voted on again ("revote_law") stays in play,
-- as elected, until the new vote's outcome is elected; then it leaves play
-- before that outcome is resolved (tirules' notes on the card).
game.on("agenda_elected", function(ctx)
  local id = game.get("game", nil, "revote_law")
  if id and ctx.agenda == id then
    game.put("game", nil, "revote_law", nil)
    L.law_leaves_play(id)
  end
end, { priority = 100 })
-- The new vote comes once the agenda that called it (Miscount Disclosed)
-- is done, its riders paid and its "after" effects resolved
-- ("revote_next" = the law).
game.on("after:agenda", function(ctx)
  local id = game.get("game", nil, "revote_next")
  if not id then return end
  game.put("game", nil, "revote_next", nil)
  game.step("agenda", { number = 0, revote = id })
  if game.get("game", nil, "revote_law") == id then
    game.put("game", nil, "revote_law", nil)
    L.law_leaves_play(id)
  end
end, { priority = -1000 })

-- ------------------------------------------------------------ agenda phase

-- Players kept from voting on the agenda now revealed (Assassinate
-- Representative, the riders): game prop "no_vote:pN" = agenda id.
local base_forced_vote = L.forced_vote
function L.forced_vote(p, id, opts)
  if game.get("game", nil, "no_vote:" .. p) == id then return "abstain" end
  -- Public Execution: no vote for the rest of this agenda phase.
  if game.get("game", nil, "no_votes_in_round:" .. p) == (game.get("game", nil, "round") or 0) then return "abstain" end
  return base_forced_vote(p, id, opts)
end

-- Riders: "rider:<card>" = "pN=<outcome>@<agenda>" until that agenda
-- resolves; a correct prediction gets the card's `payout(p, def)`. A rider
-- on an agenda discarded unresolved (Veto) is lost with it.
local RIDERS = {}
game.when_loaded(function()
  for _, id in ipairs(game.keys(game.data.action_cards)) do
    if game.data.action_cards[id].rider then RIDERS[#RIDERS + 1] = id end
  end
end)
local function rider(id)
  local r = game.get("game", nil, "rider:" .. id)
  if not r then return nil end
  local p, o, a = r:match("^p(%d+)=(.+)@([%w_]+)$")
  return tonumber(p), o, a
end
game.on("agenda_outcome", function(ctx)
  for _, id in ipairs(RIDERS) do
    local p, o, a = rider(id)
    if p and a == ctx.agenda then
      local d = game.data.action_cards[id]
      game.put("game", nil, "rider:" .. id, nil)
      if o == ctx.outcome then
        game.log({ key = "ti4.rider_correct", p = L.pn(p), card = L.name("action_cards", id) })
        d.handler.payout(p, d)
      else
        game.log({ key = "ti4.rider_wrong", p = L.pn(p), card = L.name("action_cards", id) })
      end
    end
  end
end)
-- After an agenda (or one discarded as revealed), what was kept for it goes.
local function forget(agenda)
  for p = 1, game.num_players() do
    if game.get("game", nil, "no_vote:" .. p) == agenda then game.put("game", nil, "no_vote:" .. p, nil) end
  end
  for _, id in ipairs(RIDERS) do
    local _, _, a = rider(id)
    if a == agenda then game.put("game", nil, "rider:" .. id, nil) end
  end
end
game.on("after:agenda", function(ctx)
  -- The agenda voted on; a step that revealed nothing leaves none.
  if ctx.agenda then forget(ctx.agenda) end
end)
game.on("agenda_revealed", function(ctx)
  if ctx.discard then forget(ctx.agenda) end
end, { priority = -100 })

-- Agendas that need laws or scored secret objectives in play (`needs`) are
-- discarded as they are revealed when there are none; the next is revealed.
game.on("agenda_revealed", function(ctx)
  local d = game.data.agendas[ctx.agenda]
  if not d or ctx.discard then return end
  if d.needs == "laws" and game.zone_count("laws") == 0 then ctx.discard = true end
  if d.needs == "scored_secrets" and #L.scored_secrets() == 0 then ctx.discard = true end
end, { priority = 10 })

-- "When an agenda is revealed" comes before "after an agenda is revealed"
-- (LRR 1.16): the when_agenda_revealed window (Veto, Quash, Political
-- Favor, Political Secret) opens before the cards and abilities of
-- agenda_revealed (the riders, Assassinate Representative, Galactic
-- Threat) and the transactions. An agenda discarded then, or by `needs`
-- above, is gone at once: nothing "after" is offered on it (ctx.cancel
-- stops agenda_revealed; the agenda step sees `discard` and reveals the next).
game.on("agenda_revealed", function(ctx)
  if not ctx.discard and ctx.agenda then
    local w = game.window("when_agenda_revealed", { agenda = ctx.agenda, player = ctx.player, active = ctx.active })
    if w.discard then ctx.discard = true end
  end
  if ctx.discard then ctx.cancel = true end
end, { priority = 5 })

--- The secret objectives p has, scored and unscored, toward the limit of three (LRR 61.21): a scored one that Classified Document Leaks made public is no longer a secret objective and does not count.
function L.secret_objective_count(p)
  local n = game.zone_count("secrets:" .. p)
  for _, c in ipairs(game.zone("scored:" .. p)) do
    if not game.get("game", nil, "leaked:" .. c) then n = n + 1 end
  end
  return n
end

function L.scored_secrets()
  local out = {}
  for p = 1, game.num_players() do
    for _, c in ipairs(game.zone("scored:" .. p)) do
      if not game.get("game", nil, "leaked:" .. c) then out[#out + 1] = c end
    end
  end
  table.sort(out)
  return out
end

--- hook: whether system s is a home system (a player's home, or a faction's home tile). Default: either; a variant whose faction tiles are no home systems (a galactic event's minor factions) changes it.
function L.is_home_system(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function is_home(s) return L.is_home_system(s) end

-- More kinds of election: a law in play, a scored secret objective, a
-- planet outside the home systems and other than the custodians' planet,
-- a planet of one trait (`elect_trait`: "Elect Cultural Planet" etc.).
local base_outcomes = L.outcomes
function L.outcomes(d)
  if d.elect == "planet" and d.elect_trait then
    local out = {}
    for _, pl in ipairs(base_outcomes(d)) do
      if L.has_trait(pl, d.elect_trait) then out[#out + 1] = pl end
    end
    return out
  end
  if d.elect == "law" then
    local out = game.zone("laws")
    table.sort(out)
    return out
  elseif d.elect == "scored_secret" then
    return L.scored_secrets()
  elseif d.elect == "non_home_planet" then
    local out = {}
    for p = 1, game.num_players() do
      for _, pl in ipairs(game.planets_owned(p)) do
        if not L.pdef(pl).custodians and not is_home(game.planet_system(pl)) then out[#out + 1] = pl end
      end
    end
    table.sort(out)
    return out
  end
  return base_outcomes(d)
end

-- Representative Government ("for"): one vote each, no planet exhausted.
local base_votes, base_spend = L.votes, L.spend_votes
function L.votes(p)
  if law("representative_government") == "for" then return 1 end
  return base_votes(p)
end
function L.spend_votes(p, id)
  if law("representative_government") == "for" then return end
  return base_spend(p, id)
end

-- Committee Formation: before a vote electing a player, its owner may
-- discard it and choose the elected player.
local base_elect = L.elect_without_vote
function L.elect_without_vote(id, d, outcomes)
  local o = law_owner("committee_formation")
  if o and d.elect == "player" and #outcomes > 0 then
    local opts = { "no" }
    for _, x in ipairs(outcomes) do opts[#opts + 1] = x end
    local pick = game.choose(o, { key = "ti4.committee_choose", card = L.name("agendas", "committee_formation"),
      agenda = L.name("agendas", id) }, opts)
    if pick ~= "no" then
      L.discard_law("committee_formation")
      game.log({ key = "ti4.committee_elects", p = L.pn(o), q = pick, card = L.name("agendas", "committee_formation") })
      return pick
    end
  end
  return base_elect(id, d, outcomes)
end

-- ------------------------------------------------------------ command tokens

--- An effect places p's command token from reinforcements in system s (LRR 20.3b, 20.6): nothing when p already has one there; without one in reinforcements p takes one from a pool of their command sheet (p chooses which); returns whether a token was placed.
function L.place_command_token(p, s)
  if game.has_token(s, "command", p) then return false end
  if L.reinforcements(p) <= 0 then
    local pools = {}
    for _, pool in ipairs(L.POOLS) do if game.counter(p, pool) > 0 then pools[#pools + 1] = pool end end
    if #pools == 0 then return false end
    game.add(p, game.choose(p, { key = "ti4.token_from_sheet", system = L.sysname(s) }, pools), -1)
  end
  if L.reinforcements(p) <= 0 then return false end
  game.place_token(s, "command", p)
  return true
end

--- Whether p could place a command token in s through L.place_command_token (none there yet, and one in reinforcements or on the command sheet).
function L.can_place_command_token(p, s)
  if game.has_token(s, "command", p) then return false end
  return L.reinforcements(p) > 0 or game.counter(p, "tactic") + game.counter(p, "fleet") + game.counter(p, "strategy") > 0
end

-- ------------------------------------------------------------ space combat

-- The system of the space combat under way (game prop "space_combat_at"),
-- from the start of the space combat step (before the abilities used as it
-- starts: Ambush, Dimensional Splicer, Impulse Core) to its end.
game.on("before:space_combat", function(ctx)
  game.put("game", nil, "space_combat_at", ctx.system)
end, { priority = 100, plain = true })
game.on("after:space_combat", function(ctx)
  game.put("game", nil, "space_combat_at", nil)
end, { priority = -100, plain = true })
game.on("after:tactical_action", function(ctx)
  game.put("game", nil, "space_combat_at", nil)
end, { plain = true })

--- Whether a space combat is under way (its system, or nil): effects on hits "during a space combat" (Shields Holding) ask it.
function L.space_combat_at() return game.get("game", nil, "space_combat_at") end

-- ------------------------------------------------------------ invasion

-- hook: the ships in s that player p may pick for a hit that an effect of p's puts on opponent q's side (p picks the ship, its owner then takes the hit, as with Dimensional Splicer or Devotion); default: q's ships there.
function L.opponent_hit_targets(p, q, s) return L.ships(q, s) end

-- Bunker: "bunker:pN" = true during an invasion; bombardment against p's
-- planets rolls 4 worse. Disable: "disable" = the invaded system; PDS there
-- give no planetary shield and fire no space cannon defense.
local base_bombard_roll = L.bombard_roll
function L.bombard_roll(p, u, pl, dice, hit, ctx)
  dice, hit = base_bombard_roll(p, u, pl, dice, hit, ctx)
  -- (the planet counts as the Bunker player's: L.is_ability_planet)
  if game.planet_owner(pl) then
    for q = 1, game.num_players() do
      if game.get("game", nil, "bunker:" .. q) and L.is_ability_planet(q, pl) then hit = hit + 4; break end
    end
  end
  return dice, hit
end

--- Whether a law in play bars player p from using BOMBARDMENT against the units on planet pl (Conventions of War, "for": none on a cultural planet); the bombardment step hears it through its ctx.forbid, other bombardments (Harrow) ask it.
function L.bombardment_forbidden(p, pl)
  return law("conventions_of_war") == "for" and L.has_trait(pl, "cultural")
end

-- Conventions of War ("for"): no bombardment of units on cultural planets
-- (the bombardment step's ctx.forbid).
game.on("before:bombardment", function(ctx)
  if law("conventions_of_war") ~= "for" or not ctx.system then return end
  local p = ctx.player
  local bombers = false
  for _, u in ipairs(L.ships(p, ctx.system)) do if L.bombardment_of(p, u, ctx) then bombers = true end end
  if not bombers then return end
  for _, pl in ipairs(game.planets_of(ctx.system)) do
    if L.bombardment_forbidden(p, pl) and game.planet_owner(pl) ~= p and game.count_units { planet = pl, not_owner = p } > 0 then
      ctx.forbid = ctx.forbid or {}
      ctx.forbid[pl] = true
      game.log({ key = "ti4.no_bombard_cultural", planet = L.name("planets", pl), card = L.name("agendas", "conventions_of_war") })
    end
  end
end)

local function disabled_pds(u)
  return game.get("game", nil, "disable") == u.system and L.def(u.owner, u.kind).type == "pds"
end

local base_shielded = L.shielded
function L.shielded(pl, attacker)
  if game.get("game", nil, "disable") ~= game.planet_system(pl) then return base_shielded(pl, attacker) end
  local s = game.planet_system(pl)
  for _, u in ipairs(game.units { system = s, owner = attacker }) do
    if L.removes_shield(attacker, u) then return false end
  end
  for _, u in ipairs(game.units { planet = pl }) do
    if u.owner ~= attacker and L.gives_shield(u, pl, attacker) and not disabled_pds(u) then return true end
  end
  return false
end

game.on("before:space_cannon_defense", function(ctx)
  if game.get("game", nil, "disable") ~= ctx.system then return end
  for _, u in ipairs(game.units { planet = ctx.planet, not_owner = ctx.player }) do
    if L.def(u.owner, u.kind).space_cannon and not disabled_pds(u) then return end
  end
  ctx.cancel = true
end)

game.on("after:invasion", function(ctx)
  game.put("game", nil, "disable", nil)
  for p = 1, game.num_players() do game.put("game", nil, "bunker:" .. p, nil) end
end)

-- Infiltrate: the PDS and space docks another player had on a planet just
-- taken ("infiltrate:<planet>" = their kinds, comma-separated) while
-- planet_gained is open.
local base_establish = game.procedure_fn("establish_control")
procedure("establish_control", function(ctx)
  local kinds = {}
  if #L.ground(ctx.player, ctx.planet) > 0 then
    for _, u in ipairs(L.control_removes(ctx.player, ctx.planet, ctx)) do
      local t = L.def(u.owner, u.kind).type
      if t == "pds" or t == "space_dock" then kinds[#kinds + 1] = t end
    end
  end
  table.sort(kinds)
  game.put("game", nil, "infiltrate:" .. ctx.planet, #kinds > 0 and table.concat(kinds, ",") or nil)
  local r = base_establish(ctx)
  game.put("game", nil, "infiltrate:" .. ctx.planet, nil)
  return r
end)

-- Demilitarized Zone: whether units may be placed on planet pl (cards and
-- agendas that place units ask it).
function L.may_place_on(pl) return not game.get("game", nil, "dmz:" .. pl) end

-- Whether p may place a structure of type t (pds or space_dock) on planet pl
-- now: one is left in reinforcements (or may come back from the board to be
-- placed, LRR 23.4a, 24.4a: L.can_place_unit), a planet holds at most one space dock
-- and at most two PDS (LRR 85.5; no PDS cap while Homeland Defense Act is in
-- play, "for"), and nothing forbids placing units there.
function L.structure_room(p, t, pl)
  if not L.can_place_unit(p, t) then return false end
  local same = 0
  for _, u in ipairs(game.units { planet = pl }) do
    if L.def(u.owner, u.kind).type == t and (t ~= "pds" or u.owner == p) then same = same + 1 end
  end
  if t == "space_dock" and same > 0 then return false end
  if t == "pds" and same >= 2 and law("homeland_defense_act") ~= "for" then return false end
  return L.may_place_on(pl)
end

--- hook: called when p is about to place a new structure of type t (pds or space_dock) on planet pl outside production (the Construction card, a card's effect); returns true when p placed something else instead, and then no structure is placed and no structure_placed window opens. Default: false (the structure is placed).
function L.structure_replaced(p, t, pl) return false end

-- Demilitarized Zone: no unit lands on the planet.
game.when_loaded(function()
  local base_landing = game.procedure_fn("before_landing")
  procedure("before_landing", function(ctx)
    if game.get("game", nil, "dmz:" .. ctx.planet) then
      game.log({ key = "ti4.dmz_no_landing", planet = L.name("planets", ctx.planet) })
      return 0
    end
    return base_landing(ctx)
  end)
end)

-- ------------------------------------------------------------ movement

-- In the Silence of Space: "silence:pN" = the system whose ships may move
-- through other players' ships this tactical action. Enforced Travel Ban
-- ("for"): alpha and beta wormholes give no adjacency to movement. Shared
-- Research ("for"): nebulae do not stop movement.
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  if game.get("game", nil, "silence:" .. p) then r.stop = {} end
  if law("enforced_travel_ban") == "for" then r.no_kinds = { "wormhole:alpha", "wormhole:beta" } end
  if law("shared_research") == "for" then
    local keep = {}
    for _, s in ipairs(r.blocked) do
      local a = (game.data.systems[game.tile_of(s)] or {}).anomaly
      if a ~= "nebula" then keep[#keep + 1] = s end
    end
    r.blocked = keep
  end
  return r
end
local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  local s = game.get("game", nil, "silence:" .. p)
  if not s then return out end
  -- Only ships from the chosen system move through other players' ships.
  local strict = base_move_rules(p, target)
  if rules.no_kinds then strict.no_kinds = rules.no_kinds end
  local keep = {}
  for _, m in ipairs(out) do
    if m.unit.system == s then keep[#keep + 1] = m
    else
      local cost = game.move_cost(m.unit.system, target, strict)
      if cost and cost <= L.move_value(p, m.unit, m.unit.system) then keep[#keep + 1] = m end
    end
  end
  return keep
end
game.on("after:tactical_action", function(ctx)
  if ctx.player then game.put("game", nil, "silence:" .. ctx.player, nil) end
end)

-- ------------------------------------------------------------ strategy and status phase

-- Political Stability: "stability:pN" = the round in which p keeps their
-- strategy cards; p then chooses none in the next strategy phase.
function L.keeps_strategy_card(p, id)
  local r = game.get("game", nil, "stability:" .. p)
  return r ~= nil and r == game.get("game", nil, "round")
end
local base_picks = L.picks_strategy
function L.picks_strategy(p)
  local r = game.get("game", nil, "stability:" .. p)
  if r and r + 1 == game.get("game", nil, "round") then return false end
  return base_picks(p)
end

-- Executive Sanctions ("for"): at most 3 action cards.
local base_hand_limit = L.hand_limit
function L.hand_limit(p)
  if law("executive_sanctions") == "for" then return 3 end
  return base_hand_limit(p)
end

-- Fleet Regulations ("for"): at most 4 tokens in the fleet pool. A token
-- gained or moved while the fleet pool holds 4 goes to another pool; any
-- excess left by an effect is moved out after the status phase's gain and
-- after each strategic action.
local base_token_pools = L.token_pools
function L.token_pools(p)
  local pools = base_token_pools(p)
  if law("fleet_regulations") ~= "for" or game.counter(p, "fleet") < 4 then return pools end
  local out = {}
  for _, pool in ipairs(pools) do
    if pool ~= "fleet" then out[#out + 1] = pool end
  end
  return out
end
function L.trim_fleet_pool(p)
  while law("fleet_regulations") == "for" and game.counter(p, "fleet") > 4 do
    game.add(p, "fleet", -1)
    local pool = game.choose(p, { key = "ti4.fleet_pool_full" }, { "tactic", "strategy" })
    game.add(p, pool, 1)
    game.log({ key = "ti4.fleet_token_moved", p = L.pn(p), pool = pool })
  end
end
-- After every token gained in the status phase (abilities and technologies
-- adding one more included: priority < 0 runs after the cards players hold).
game.on("after:gain_command_tokens", function(ctx)
  for _, p in ipairs(L.initiative_order()) do L.trim_fleet_pool(p) end
end, { priority = -10 })
game.on("after:strategic_action", function(ctx)
  for _, p in ipairs(L.order_from(ctx.player)) do L.trim_fleet_pool(p) end
end, { priority = -10 })

-- Classified Document Leaks: a leaked secret objective ("leaked:<id>")
-- can be scored by the other players like a public objective; being one,
-- it is not scored by a player who has scored another public objective in
-- this status phase (LRR 61.6: one public objective per status phase).
local base_score = game.procedure_fn("score_objectives")
local function publics_scored(p)
  local n = 0
  for _, c in ipairs(game.zone("public")) do
    if game.get("player", p, "scored:" .. c) then n = n + 1 end
  end
  return n
end
procedure("score_objectives", function(ctx)
  local before = {}
  for p = 1, game.num_players() do before[p] = publics_scored(p) end
  local r = base_score(ctx)
  local leaked = {}
  for _, c in ipairs(game.keys(game.data.secret_objectives)) do
    if game.get("game", nil, "leaked:" .. c) then leaked[#leaked + 1] = c end
  end
  if #leaked == 0 then return r end
  for _, p in ipairs(L.initiative_order()) do
    local opts = { "none" }
    -- (p scored a public objective in this status phase: no leaked one.)
    local one_already = publics_scored(p) > before[p]
    for _, c in ipairs(one_already and {} or leaked) do
      local d = game.data.secret_objectives[c]
      local mine = false
      for _, x in ipairs(game.zone("scored:" .. p)) do if x == c then mine = true end end
      if not mine and not game.get("player", p, "scored:" .. c) and (d.phase or "status") == "status"
        and L.controls_home(p) and L.can_score(p, "secret_objectives", c) then
        opts[#opts + 1] = c
      end
    end
    if #opts > 1 then
      local pick = game.choose(p, { key = "ti4.score_leaked" }, opts)
      if pick ~= "none" then
        -- (Its cost, if any, is paid as for any objective: Form a Spy Network.)
        L.pay_objective_cost(p, "secret_objectives", pick)
        game.put("player", p, "scored:" .. pick, true)
        L.gain_vp(p, game.data.secret_objectives[pick].points or 1, L.name("secret_objectives", pick))
      end
    end
  end
  return r
end)

-- Minister of War: after an action, its owner may discard it to take back a
-- command token from the board and take one more action.
local base_take_action = L.take_action
function L.take_action(p, act)
  local r = base_take_action(p, act)
  -- (A cancelled action was not performed, LRR 22.4: the law waits.)
  if law_owner("minister_of_war") ~= p or (type(r) == "table" and (r.end_turn or r.cancelled)) or game.get("game", nil, "finished") then return r end
  local systems = {}
  for s = 1, game.num_systems() do
    if game.has_token(s, "command", p) then systems[#systems + 1] = game.system(s).hex or tostring(s) end
  end
  if #systems == 0 then return r end
  table.insert(systems, 1, "no")
  local pick = game.choose(p, { key = "ti4.minister_of_war_use", card = L.name("agendas", "minister_of_war") }, systems)
  if pick == "no" then return r end
  local s = tonumber(pick) or game.system_at(pick)
  L.discard_law("minister_of_war")
  game.remove_token(s, "command", p)
  game.log({ key = "ti4.minister_of_war_used", p = L.pn(p), card = L.name("agendas", "minister_of_war"), system = L.sysname(s) })
  local again = {}
  for _, o in ipairs(game.call("action_options", p)) do if o ~= "pass" then again[#again + 1] = o end end
  again[#again + 1] = "none"
  local act2 = game.choose(p, { key = "ti4.second_action" }, again)
  -- The second action goes through every pack's handling of actions (a
  -- child pack's own kinds of action among them); the law is gone by now.
  if act2 ~= "none" then return L.take_action(p, act2) end
  return r
end

-- ------------------------------------------------------------ planets

-- Attachments (Core Mining, Senate Sanctuary, Terraforming Initiative):
-- "attach_res:<planet>" and "attach_inf:<planet>" add to its values.
local base_pdef = L.pdef
function L.pdef(id)
  local d = base_pdef(id)
  local r = game.get("game", nil, "attach_res:" .. tostring(id))
  local i = game.get("game", nil, "attach_inf:" .. tostring(id))
  if not r and not i then return d end
  local c = {}
  for k, v in pairs(d) do c[k] = v end
  c.resources = (c.resources or 0) + (r or 0)
  c.influence = (c.influence or 0) + (i or 0)
  return c
end

-- Holy Planet of Ixth: units on the planet do not produce ground forces
-- there ("holy:<planet>").
local base_production = L.production
function L.production(p, s)
  local total = base_production(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    if game.get("game", nil, "holy:" .. pl) then
      -- Take back what p's units on that planet add (the same count as
      -- L.production's).
      for _, u in ipairs(game.units { planet = pl, owner = p }) do
        total = total - L.unit_production(p, u)
      end
    end
  end
  return total
end
local base_ground_site = L.produces_ground_site
function L.produces_ground_site(ctx, u)
  if u.planet and game.get("game", nil, "holy:" .. u.planet) then return false end
  -- A production by one unit only (ctx.producer: Warfare's secondary):
  -- new ground forces go to that unit's planet.
  if ctx.producer and u.id ~= ctx.producer then return false end
  return base_ground_site(ctx, u)
end

-- The PRODUCTION value of p's unit u by itself; 0 on a Holy Planet of Ixth.
local function own_production(p, u)
  if u.planet and game.get("game", nil, "holy:" .. u.planet) then return 0 end
  return L.unit_production(p, u)
end

-- A production step by one unit only (ctx.producer, its id: Warfare's
-- secondary uses one space dock of the home system, LRR 99.3) has that
-- unit's production value, not the system's.
local base_production_value = L.production_value
function L.production_value(ctx)
  if ctx.producer then
    for _, u in ipairs(game.units { owner = ctx.player, system = ctx.system }) do
      if u.id == ctx.producer then return own_production(ctx.player, u) end
    end
    return 0
  end
  return base_production_value(ctx)
end

-- Research Teams: "rt:<color>" = the planet its card is attached to; while
-- researching, its owner counts one more technology of that colour unless the
-- card is exhausted ("rt_used:<color>"), which using it does.
local COLORS = { "blue", "green", "red", "yellow" }
local researching = false
local function rt_colors(p)
  local out = {}
  for _, c in ipairs(COLORS) do
    local pl = game.get("game", nil, "rt:" .. c)
    if pl and game.planet_owner(pl) == p and not game.get("game", nil, "rt_used:" .. c) then out[c] = true end
  end
  return out
end
local base_tech_colors = L.tech_colors
function L.tech_colors(p)
  local c = base_tech_colors(p)
  if not researching then return c end
  for color in pairs(rt_colors(p)) do c[color] = (c[color] or 0) + 1 end
  return c
end
local base_can_research = L.can_research
function L.can_research(p, id)
  researching = true
  local ok, r = pcall(base_can_research, p, id)
  researching = false
  if not ok then error(r, 0) end
  return r
end
local base_gain_tech_rt = L.gain_tech
function L.gain_tech(p, id)
  local d = game.data.techs[id]
  local used = {}
  if d and d.requires then
    local have, spec = base_tech_colors(p), {}
    for _, pl in ipairs(L.ready_planets(p)) do
      for _, s in ipairs(L.planet_specialties(pl)) do spec[s] = (spec[s] or 0) + 1 end
    end
    for color in pairs(rt_colors(p)) do
      if (d.requires[color] or 0) > (have[color] or 0) + (spec[color] or 0) then used[#used + 1] = color end
    end
    table.sort(used)
  end
  for _, c in ipairs(used) do
    game.put("game", nil, "rt_used:" .. c, true)
    game.log({ key = "ti4.research_team_used", p = L.pn(p), card = L.name("agendas", "research_team_" .. c) })
  end
  researching = #used > 0
  local ok, r = pcall(base_gain_tech_rt, p, id)
  researching = false
  if not ok then error(r, 0) end
  return r
end
game.on("after:ready_cards", function()
  for _, c in ipairs(COLORS) do game.put("game", nil, "rt_used:" .. c, nil) end
end)

-- ------------------------------------------------------------ combat

-- Prophecy of Ixth: its owner's fighters roll one better; after a
-- production step of its owner with fewer than 2 fighters, it is discarded.
local FIGHTERS = {}
game.when_loaded(function()
  for _, id in ipairs(game.keys(game.data.units)) do
    if game.data.units[id].type == "fighter" then FIGHTERS[#FIGHTERS + 1] = id end
  end
end)
game.on("combat_round_start", function(rc)
  local o = law_owner("prophecy_of_ixth")
  if not o or not rc.mods or not rc.mods[o] or rc.ground then return end
  for _, k in ipairs(FIGHTERS) do rc.mods[o][k] = (rc.mods[o][k] or 0) + 1 end
end, { plain = function() return not law_owner("prophecy_of_ixth") end })
local base_production_count = L.production_count
function L.production_count(ctx, kind, st)
  local n = base_production_count(ctx, kind, st)
  -- Regulated Conscription ("for"): one fighter or infantry per cost.
  if law("regulated_conscription") == "for" then
    local t = L.def(st.player, kind).type
    if t == "fighter" or t == "infantry" then n = math.min(n, 1) end
  end
  if L.def(st.player, kind).type == "fighter" then game.put("game", nil, "built_fighters", (game.get("game", nil, "built_fighters") or 0) + n) end
  game.put("game", nil, "built_units", (game.get("game", nil, "built_units") or 0) + n)
  return n
end
game.on("before:production", function(ctx)
  game.put("game", nil, "built_fighters", nil)
  game.put("game", nil, "built_units", nil)
end)
game.on("after:production", function(ctx)
  local o = law_owner("prophecy_of_ixth")
  local units, fighters = game.get("game", nil, "built_units") or 0, game.get("game", nil, "built_fighters") or 0
  game.put("game", nil, "built_fighters", nil)
  game.put("game", nil, "built_units", nil)
  if o and ctx.player == o and units > 0 and fighters < 2 then
    L.discard_law("prophecy_of_ixth")
    game.log({ key = "ti4.law_discarded", card = L.name("agendas", "prophecy_of_ixth") })
  end
end)

-- The Crown of Thalnos: its owner may reroll missed dice, choosing how many
-- for each unit kind; a unit of that kind is destroyed for each reroll that
-- misses.
game.on("combat_rolled", function(ctx)
  local o = law_owner("crown_of_thalnos")
  if ctx.player ~= o then return end
  local units = {}
  local all = ctx.ground and L.ground(o, ctx.planet) or L.ships(o, ctx.system)
  for _, g in ipairs(ctx.groups) do
    local miss = 0
    for _, r in ipairs(g.rolls) do if r < g.target then miss = miss + 1 end end
    local opts = {}
    for i = 0, miss do opts[#opts + 1] = tostring(i) end
    local n = miss > 0 and tonumber(game.choose(o, { key = "ti4.thalnos_reroll", unit = g.kind, n = miss, card = L.name("agendas", "crown_of_thalnos") }, opts)) or 0
    if n > 0 then
      local hits, rolls = game.roll({ key = "ti4.thalnos_roll", p = L.pn(o), unit = g.kind }, n, g.target)
      -- The rerolled dice show their new results (LRR 74.1), the first n
      -- misses in order, for any effect that looks at the dice after this.
      local k = 0
      for i, r in ipairs(g.rolls) do
        if k < n and r < g.target then k = k + 1; g.rolls[i] = rolls[k] end
      end
      g.hits = (g.hits or 0) + hits
      ctx.hits = ctx.hits + hits
      local lost = n - hits
      for _, u in ipairs(all) do
        if lost > 0 and u.kind == g.kind and game.unit_exists(u.id) then
          lost = lost - 1
          L.destroy_unit(u, { label = ctx.label, active = ctx.active },
            { key = "ti4.unit_destroyed", p = L.pn(o), unit = u.kind .. "#" .. u.id, id = u.id })
        end
      end
    end
  end
end, { priority = -10, plain = function() return not law_owner("crown_of_thalnos") end })

-- Minister of Commerce: after its owner replenishes commodities, 1 trade
-- good for each neighbour.
game.on("commodities_replenished", function(ctx)
  local o = law_owner("minister_of_commerce")
  if ctx.player ~= o then return end
  local n = 0
  for q = 1, game.num_players() do if q ~= o and L.neighbours(o, q) then n = n + 1 end end
  if n > 0 then L.gain_tg(o, n, L.name("agendas", "minister_of_commerce")) end
end)

-- Minister of Sciences: its owner researches with the Technology strategy
-- card without spending resources.
-- hook: the resources p spends to research with the Technology strategy card, printed cost n (default: n).
function L.research_cost(p, n)
  if law_owner("minister_of_sciences") == p then return 0 end
  return n
end

-- Publicize Weapon Schematics ("for"): war suns lose sustain damage, and
-- once anyone owns a war sun technology nobody needs its prerequisites.
local base_def = L.def
function L.def(p, t)
  local d = base_def(p, t)
  if d.type == "war_sun" and d.sustain_damage and law("publicize_weapon_schematics") == "for" then
    local c = {}
    for k, v in pairs(d) do c[k] = v end
    c.sustain_damage = nil
    return c
  end
  return d
end
L.plain_wrapper(L.def, base_def, function() return law("publicize_weapon_schematics") ~= "for" end)
function L.war_sun_owned()
  for p = 1, game.num_players() do
    for _, t in ipairs(game.holdings(p, "techs")) do
      local d = game.data.techs[t]
      if d and d.unit and game.data.units[d.unit] and game.data.units[d.unit].type == "war_sun" then return true end
    end
  end
  return false
end
local base_can_research2 = L.can_research
function L.can_research(p, id)
  if base_can_research2(p, id) then return true end
  local d = game.data.techs[id]
  if law("publicize_weapon_schematics") == "for" and d and d.unit and game.data.units[d.unit]
    and game.data.units[d.unit].type == "war_sun" and not game.holds(p, "techs", id)
    and (not d.faction or d.faction == game.get("player", p, "faction")) and L.war_sun_owned() then
    return true
  end
  return false
end
local base_gain_tech_ws = L.gain_tech
function L.gain_tech(p, id)
  local d = game.data.techs[id]
  if law("publicize_weapon_schematics") == "for" and d and d.unit and game.data.units[d.unit]
    and game.data.units[d.unit].type == "war_sun" and L.war_sun_owned() then
    game.grant(p, "techs", id)
    L.reset_cache()
    game.log({ key = "researches", p = L.pn(p), tech = L.name("techs", id) })
    game.window("tech_gained", { player = p, tech = id })
    return
  end
  return base_gain_tech_ws(p, id)
end

-- Minister of Industry: a space dock its owner places lets their units in
-- that system produce at once.
game.on("structure_placed", function(ctx)
  local o = law_owner("minister_of_industry")
  if ctx.player ~= o or ctx.kind ~= "space_dock" then return end
  if game.choose(o, { key = "ti4.dock_produces", p = L.pn(o), system = L.sysname(ctx.system), card = L.name("agendas", "minister_of_industry") }, { "no", "yes" }) == "yes" then
    game.step("production", { player = o, active = o, system = ctx.system })
  end
end)

--- Whether p can pay `amount` to research with the Technology card (default: that many resources).
function L.can_pay_research(p, amount) return L.spendable(p, "resources") >= amount end
--- p pays `amount` to research with the Technology card; returns nil, or a colour the technology researched must then have (default: resources, no colour).
function L.pay_research(p, amount)
  if amount > 0 then L.pay(p, amount, "resources") end
  return nil
end

-- The tactical action, step by step (LRR 89): activation, movement, space
-- cannon offense, space combat, invasion, production.
local L = game.lib
-- State of the fight in progress that hooks of several packs share (the last
-- space cannon volley and its ctx): a table registered once, whose fields
-- change while the game runs.
L.combat_state = L.combat_state or {}

procedure("tactical_action", function(ctx)
  -- A handler may end the turn at any point by setting ctx.end_turn.
  game.step("activation", ctx)
  if ctx.end_turn then return end
  game.step("movement", ctx)
  if ctx.end_turn then return end
  game.step("space_cannon_offense", ctx)
  if ctx.end_turn then return end
  local s = ctx.system
  if #L.ships(ctx.player, s) > 0 and #L.enemies_in(ctx.player, s) > 0 then
    game.step("space_combat", { player = ctx.player, active = ctx.player, system = s, defender = L.enemies_in(ctx.player, s)[1] })
  end
  if ctx.end_turn then return end
  game.step("invasion", ctx)
  if ctx.end_turn then return end
  game.step("production", ctx)
end)

--- Whether system s is on the board: it has a hex. (A pack may keep a system off the board, e.g. one a galaxy rule took out; it is neither activated nor a target.)
function L.on_board(s) return game.system(s).hex ~= nil end

-- Systems p may activate: any on the board without one of p's command tokens (L.activation_barred: not barred to p).
function L.activatable(p)
  local out = {}
  for s = 1, game.num_systems() do
    if L.on_board(s) and not game.has_token(s, "command", p) and not L.activation_barred(p, s) then out[#out + 1] = s end
  end
  return out
end

procedure("activation", function(ctx)
  local p = ctx.player
  if not ctx.system then
    local opts = {}
    for _, s in ipairs(L.activatable(p)) do opts[#opts + 1] = game.system(s).hex or tostring(s) end
    local pick = game.choose(p, { key = "activate_system" }, opts)
    ctx.system = tonumber(pick) or game.system_at(pick)
  end
  -- A system holding one of p's command tokens cannot be activated (LRR
  -- 5.2, 89.1), and the token comes from the tactic pool (LRR 89.1a).
  if game.has_token(ctx.system, "command", p) then
    error("p" .. p .. " cannot activate " .. L.sysname(ctx.system) .. ": it holds one of its command tokens")
  end
  if game.counter(p, "tactic") <= 0 then
    error("p" .. p .. " has no command token in its tactic pool")
  end
  if L.activation_barred(p, ctx.system) then
    error("p" .. p .. " may not activate " .. L.sysname(ctx.system) .. " now")
  end
  game.add(p, "tactic", -1)
  game.place_token(ctx.system, "command", p)
  game.log({ key = "activates", p = L.pn(p), system = L.sysname(ctx.system) })
end)

-- hook: whether p may not activate system s now (a card that closes a system to other players replaces this); default: no.
function L.activation_barred(p, s) return false end

--- hook: the systems (a set: system -> true) whose ships of other players p's ships may not move through, only end their move in (LRR 58.4b); default: L.other_ship_systems(p), every system holding another player's ship.
function L.movement_blocking_systems(p) return L.other_ship_systems(p) end

-- Movement rules for p's ships heading to `target`.
function L.move_rules(p, target)
  local r = { blocked = {}, stop = {}, free_exit = {} }
  local through = L.flag(p, "move_through_ships") > 0
  local held = not through and L.movement_blocking_systems(p) or {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)] or {}
    local a = d.anomaly
    if a then
      local rule = (game.data.anomalies and game.data.anomalies[a]) or {}
      if rule.enter == "never" then r.blocked[#r.blocked + 1] = s
      elseif rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech) then r.blocked[#r.blocked + 1] = s
      elseif rule.enter == "end" and s ~= target then r.blocked[#r.blocked + 1] = s end
      if rule.exit_bonus then r.free_exit[#r.free_exit + 1] = s end
    end
    if s ~= target and held[s] then r.stop[#r.stop + 1] = s end
  end
  return r
end

function L.move_value(p, u, from)
  local d = L.def(p, u.kind)
  local m = d.move or 0
  local a = (game.data.systems[game.tile_of(from)] or {}).anomaly
  local rule = a and game.data.anomalies and game.data.anomalies[a]
  if rule and rule.move_from then m = math.min(m, rule.move_from) end
  return m + (game.get("unit", u.id, "move_bonus") or 0)
end

-- Ships of p that could reach `target` this tactical action, with their cost.
-- `rules` (L.move_rules) with `quiet = true` makes it a question that asks
-- no player anything: what would need another player's answer (a pack's
-- passage rule, say) counts as refused (for policies and other look-aheads).
function L.movers(p, target, rules)
  local out = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
      local d = L.def(p, u.kind)
      if d.class == "ship" and (d.move or 0) > 0 then
        local cost = game.move_cost(u.system, target, rules)
        local mv = cost and L.move_value(p, u, u.system)
        if cost and cost <= mv then
          out[#out + 1] = { unit = u, cost = cost }
        elseif cost and rules.free_exit and #rules.free_exit > 0 then
          -- A further move for a ship leaving a gravity rift (L.rift_extra_move), at a greater risk.
          local extra = L.rift_extra_move(p, u)
          if extra > 0 and cost <= mv + extra then
            local m = { unit = u, cost = cost, rift_extra = true }
            local plain = L.rift_check_cost(p, m, u.system, target, rules)
            if plain == nil or plain > cost then out[#out + 1] = m end
          end
        end
      end
    end
  end
  return out
end

-- hook: the further movement ship u of p may take, beyond its move value, on a path that leaves a gravity rift (such a mover is listed with `rift_extra = true` and rolls against L.rift_survival); default: 0.
function L.rift_extra_move(p, u) return 0 end

-- hook: the roll that ship m ({unit, cost, rift_extra?} of L.movers) of p needs to survive a gravity rift it moves out of; default: 4 (removed on 1-3).
function L.rift_survival(p, m) return 4 end

-- hook: the cost of the path from `from` to `target` without the gravity-rift bonus, which decides whether ship m rolls for a rift (rules: L.move_rules).
function L.rift_check_cost(p, m, from, target, rules)
  return game.move_cost(from, target, { blocked = rules.blocked, stop = rules.stop })
end

-- hook: in the movement step, once the units transported from the ships' own systems are chosen, ships of `moved` ({unit, cost}) may pick up units in systems they move through: the hook moves them to `target`, sets m.picked (units; c.back = where a unit stays if the ship is lost in a rift before reaching it) and m.via (systems passed, in order) and returns the systems picked from; room[s] is the capacity left to ships from s; start() before the first unit moves. Default: nothing.
function L.transport_on_the_way(p, target, moved, rules, room, start) return {} end

-- hook: called in the movement step for each of p's ships that moved from `from` into `target`, once it is there and was not lost in a gravity rift (m: its {unit, cost} entry of L.movers; rules: the step's L.move_rules; ctx: the step's); does nothing.
function L.ship_moved(p, m, from, target, rules, ctx) end

-- hook: called in the movement step just before its first unit moves (transported or moving); does nothing.
function L.units_start_moving(p, target, ctx) end

-- hook: the units that p's ships leaving system s for `target` may transport (in the order they are offered; ctx: the movement step's); default: p's units in s that need capacity and are not carried.
function L.transport_candidates(p, s, target, ctx)
  local cands = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    local d = L.def(p, u.kind)
    if d.transported and u.carried == nil then cands[#cands + 1] = u end
  end
  return cands
end

-- hook: whether unit u (one of L.transport_candidates) takes up one of the capacity of p's moving ships when transported; default: yes.
function L.transport_uses_capacity(p, u) return true end

procedure("movement", function(ctx)
  local p, target = ctx.player, ctx.system
  local started = false
  local function start()
    if not started then
      started = true
      L.units_start_moving(p, target, ctx)
    end
  end
  local rules = L.move_rules(p, target)
  local movers = L.movers(p, target, rules)
  local moved = {}
  for _, m in ipairs(movers) do
    local u = m.unit
    if game.choose(p, { key = "move_unit", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(u.system) }, { "yes", "no" }) == "yes" then
      moved[#moved + 1] = m
    end
  end
  local moving = {}
  for _, m in ipairs(moved) do moving[m.unit.id] = true end
  -- Transport: units that need capacity, from the systems ships leave.
  local cap_from = {}
  for _, m in ipairs(moved) do
    local s = m.unit.system
    cap_from[s] = (cap_from[s] or 0) + (L.def(p, m.unit.kind).capacity or 0)
  end
  local cargo = {} -- origin system -> the units transported from it
  for _, s in ipairs(game.keys(cap_from)) do
    local room = cap_from[s]
    cargo[s] = {}
    -- What must stay behind also needs the capacity left there; fighters in
    -- the space area first, then ground forces on planets.
    local cands = L.transport_candidates(p, s, target, ctx)
    for _, u in ipairs(cands) do
      -- A unit that moves by itself (a fighter with a move value) is no cargo too.
      if moving[u.id] then goto next_cand end
      -- A unit that needs no capacity (L.transport_uses_capacity) may still go when the room is used up.
      local free = not L.transport_uses_capacity(p, u)
      if room > 0 or free then
        if game.choose(p, u.planet and { key = "transport_from", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet) }
          or { key = "transport", unit = u.kind .. "#" .. u.id, id = u.id }, { "yes", "no" }) == "yes" then
          start()
          game.move_unit(u.id, { system = target })
          if not free then
            cargo[s][#cargo[s] + 1] = u
            room = room - 1
          end
        end
      end
      ::next_cand::
    end
  end
  -- Ships may pick up units in the systems they move through (an edition's
  -- hook; room: capacity left per origin system).
  local room = {}
  for _, s in ipairs(game.keys(cap_from)) do room[s] = cap_from[s] - #cargo[s] end
  local passed = L.transport_on_the_way(p, target, moved, rules, room, start) or {}
  local lost_from = {}
  for _, m in ipairs(moved) do
    local u = m.unit
    local from = u.system
    start()
    game.move_unit(u.id, { system = target })
    game.log({ key = "moves", p = L.pn(p), unit = u.kind .. "#" .. u.id, from = L.sysname(from), system = L.sysname(target) })
    -- Leaving or crossing a rift: roll, 1-3 destroys the ship (LRR 41).
    local plain = L.rift_check_cost(p, m, from, target, rules)
    if #rules.free_exit > 0 and (plain == nil or plain > m.cost) then
      local hits = game.roll({ key = "roll_gravity_rift", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1, L.rift_survival(p, m))
      if hits == 0 then
        game.remove_unit(u.id)
        game.log({ key = "lost_in_rift", unit = u.kind .. "#" .. u.id })
        lost_from[from] = true
        -- What it picked up on the way goes with it (LRR 95.1b), unless the
        -- hook says it was picked up after the rift (c.back: where it stays).
        for _, c in ipairs(m.picked or {}) do
          if game.unit_exists(c.id) then
            if c.back then
              game.move_unit(c.id, c.back)
            else
              game.remove_unit(c.id)
              game.log({ key = "lost_with_ship_in_rift", p = L.pn(p), unit = c.kind .. "#" .. c.id })
            end
          end
        end
      end
    end
    if game.unit_exists(u.id) then L.ship_moved(p, m, from, target, rules, ctx) end
  end
  -- Units transported by a ship the rift removes go with it (LRR 41.2b,
  -- 95.1b): what the surviving ships from the same system cannot hold is lost.
  for _, s in ipairs(game.keys(lost_from)) do
    local room = 0
    for _, m in ipairs(moved) do
      if m.unit.system == s and game.unit_exists(m.unit.id) then room = room + (L.def(p, m.unit.kind).capacity or 0) - #(m.picked or {}) end
    end
    for i = #cargo[s], room + 1, -1 do
      local c = cargo[s][i]
      if game.unit_exists(c.id) then
        game.remove_unit(c.id)
        game.log({ key = "lost_with_ship_in_rift", p = L.pn(p), unit = c.kind .. "#" .. c.id })
      end
    end
  end
  ctx.moved = #moved
  -- Fighters and ground forces left in space where the remaining ships
  -- lack the capacity for them are removed (LRR 16.3).
  for _, s in ipairs(game.keys(cap_from)) do L.enforce_limits(p, s) end
  for _, s in ipairs(passed) do L.enforce_limits(p, s) end
  if #L.enemies_in(p, target) == 0 then L.enforce_limits(p, target) else L.limits_before_combat(p, target) end
end)

-- hook: called at the end of the movement step when p's ships moved into `target` holding other players' ships (limits otherwise wait for the end of combat); does nothing.
function L.limits_before_combat(p, target) end

-- hook: the space cannon of player q's units in system t that may fire at system s, as {unit, sc (the space_cannon ability), def} entries in the order they roll; default: each of q's units in t with space cannon (one in another system only with range 1 or more).
function L.space_cannon_shooters(q, t, s)
  local list = {}
  for _, u in ipairs(game.units { system = t, owner = q }) do
    local d = L.def(q, u.kind)
    local sc = d.space_cannon
    if sc and (t == s or (sc.range or 0) >= 1) then list[#list + 1] = { unit = u, sc = sc, def = d } end
  end
  return list
end

-- Space cannon fire. `shooters` are {player, dice, hit} groups.
local function cannon_groups(s, attacker_side, against, ignore_pds_owner)
  local groups = {}
  for _, q in ipairs(L.order_from(game.get("game", nil, "active") or 1)) do
    if attacker_side(q) then
      local list = {}
      for _, t in ipairs(game.within(s, 1, "space_cannon")) do
        for _, x in ipairs(L.space_cannon_shooters(q, t, s)) do list[#list + 1] = x end
      end
      if #list > 0 then groups[#groups + 1] = { player = q, list = list } end
    end
  end
  return groups
end

-- Rolls one player's space cannon volley. Before the dice, the window
-- `space_cannon_volley` lets the shooter's effects act (e.g. make the hits
-- go to non-fighter ships: ctx.prefer_non_fighters). Returns the hits and
-- the hit-assignment options to pass to L.assign_hits.
function L.fire_cannons(q, list, target_player, label)
  local w = game.window("space_cannon_volley", { player = q, target = target_player, label = label, active = game.get("game", nil, "active") })
  L.combat_state.last_volley = { prefer_non_fighters = w.prefer_non_fighters, source = q }
  local total = 0
  -- An extra die (e.g. from a technology) is added once per volley, to the
  -- unit L.extra_die_unit picks, before any die is rolled.
  local extra = L.extra_dice(q, "space_cannon")
  local gets = 0
  if extra > 0 and #list > 0 then
    local cands = {}
    for _, x in ipairs(list) do cands[#cands + 1] = { unit = x.unit, hit = x.sc.hit, dice = x.sc.dice or 1 } end
    gets = L.extra_die_unit(q, "space_cannon", cands)
  end
  local mod = L.flag(target_player, "space_cannon_penalty") - L.unit_ability_roll_bonus(q, "space_cannon", target_player)
  local rolled = {}
  for i, x in ipairs(list) do
    local r = { { key = "roll_unit", p = L.pn(q), label = label, unit = x.unit.kind }, (x.sc.dice or 1) + (i == gets and extra or 0), x.sc.hit + mod }
    rolled[#rolled + 1] = r
    local hits = game.roll(r[1], r[2], r[3])
    total = total + hits
  end
  return L.ability_rerolls(q, "space_cannon", target_player, total, rolled)
end

-- Opens `ability_rolled` once player p has rolled the dice of one use of a
-- unit ability against player q (rolled: the {label, dice, target} of each
-- game.roll made); if a handler sets `reroll`, every one of those dice is
-- rolled again. `extra` (optional) adds fields to the window's ctx (the
-- barrage gives `system` and its `groups` of dice, which a handler may
-- raise). Returns the hits (and the new rolls, or nil).
function L.ability_rerolls(p, ability, q, hits, rolled, extra)
  local ctx = { player = p, ability = ability, target = q, hits = hits, active = game.get("game", nil, "active") }
  for _, k in ipairs(game.keys(extra or {})) do ctx[k] = extra[k] end
  local w = game.window("ability_rolled", ctx)
  if not w.reroll then return w.hits or hits end
  local total, all = 0, {}
  for _, r in ipairs(rolled) do
    local h, rolls = game.roll(r[1], r[2], r[3])
    total = total + h
    all[#all + 1] = { hits = h, rolls = rolls }
  end
  return total, all
end

-- The anomaly rule of a system (anomalies.yaml), or nil.
function L.anomaly_rule(s)
  local a = (game.data.systems[game.tile_of(s)] or {}).anomaly
  return a and game.data.anomalies and game.data.anomalies[a]
end

-- hook: p assigns the `hits` of one space cannon offense volley to their ships in s (volley: the assignment options L.fire_cannons left, with its source); default: L.assign_hits with the label "space cannon".
function L.assign_cannon_hits(p, s, hits, volley)
  return L.assign_hits(p, L.ships(p, s), hits, "space cannon", volley)
end

-- hook: whether player q's unit abilities (space cannon, bombardment...) may be used against player p's units; default: yes.
function L.abilities_reach(q, p) return true end

-- hook: whether player q's space cannons may fire at the active player p's ships in the space cannon offense step ctx; default: yes.
function L.space_cannon_offense_reaches(q, p, ctx) return true end

--- hook: whether the active player's space cannon fire before the other players' in the space cannon offense step ctx (ti4: LRR 77.2, the active player first, then clockwise); default: no, the other players' first.
function L.space_cannon_offense_active_first(ctx) return false end

--- hook: the players whose ships in s the active player p's space cannons fire at in the space cannon offense step ctx, one volley each; default: every other player with ships there (L.enemies_in).
function L.space_cannon_offense_targets(p, s, ctx) return L.enemies_in(p, s) end

--- hook: whether every space cannon of the space cannon offense step ctx is rolled before any of their hits is assigned (then the hits are assigned volley by volley, in the order they were rolled); default: no, each volley's hits are assigned as soon as it is rolled.
function L.space_cannon_offense_rolls_first(ctx) return false end

procedure("space_cannon_offense", function(ctx)
  local p, s = ctx.player, ctx.system
  local rule = L.anomaly_rule(s)
  if rule and rule.no_space_cannon then return end
  -- With L.space_cannon_offense_rolls_first the hits wait in `queue`.
  local queue = L.space_cannon_offense_rolls_first(ctx) and {} or nil
  local function hits_of(target, shooter, hits, volley)
    if queue then queue[#queue + 1] = { target, shooter, hits, volley }; return end
    local w = game.window("space_cannon_hits", { player = target, shooter = shooter, hits = hits, system = s })
    L.assign_cannon_hits(target, s, w.hits, volley)
  end
  -- Other players shoot at the active player's ships ...
  local function others()
    if #L.ships(p, s) > 0 then
      for _, g in ipairs(cannon_groups(s, function(q) return q ~= p and L.abilities_reach(q, p) and L.space_cannon_offense_reaches(q, p, ctx) end)) do
        local hits = L.fire_cannons(g.player, g.list, p, "space cannon")
        hits_of(p, g.player, hits, L.combat_state.last_volley)
      end
    end
  end
  -- ... and the active player's cannons shoot at other players' ships.
  local function active()
    for _, q in ipairs(L.space_cannon_offense_targets(p, s, ctx)) do
      for _, g in ipairs(cannon_groups(s, function(x) return x == p end)) do
        local hits = L.fire_cannons(p, g.list, q, "space cannon")
        hits_of(q, p, hits, L.combat_state.last_volley)
      end
    end
  end
  if L.space_cannon_offense_active_first(ctx) then
    active(); others()
  else
    others(); active()
  end
  for _, a in ipairs(queue or {}) do
    local w = game.window("space_cannon_hits", { player = a[1], shooter = a[2], hits = a[3], system = s })
    L.combat_state.last_volley = a[4]
    L.assign_cannon_hits(a[1], s, w.hits, a[4])
  end
end)

-- Hits: one decision per hit among the legal choices, "sustain:<kind>#<id>"
-- for a unit that can still sustain damage, "destroy:<kind>#<id>" otherwise.
-- `units` is a list from game.units (its `damaged` prop is read once).
function L.hit_options(p, units, opts, gone)
  local out = {}
  local ships_first = opts and opts.prefer_non_fighters
  if ships_first then
    -- Hits go to non-fighter ships while there are any.
    local any = false
    for _, u in ipairs(units) do
      if not (gone and gone[u.id]) and L.def(p, u.kind).type ~= "fighter" and L.def(p, u.kind).class == "ship" then any = true end
    end
    ships_first = any
  end
  for _, u in ipairs(units) do
    if not (gone and gone[u.id]) and not (ships_first and L.def(p, u.kind).type == "fighter") then
      local d = L.def(p, u.kind)
      if (not opts or not opts.only or opts.only[d.type]) then
        if d.sustain_damage and not u.damaged and not (opts and opts.no_sustain) then
          out[#out + 1] = "sustain:" .. u.kind .. "#" .. u.id
        end
        out[#out + 1] = "destroy:" .. u.kind .. "#" .. u.id
      end
    end
  end
  return out
end

-- hook: called in L.assign_hits as soon as p assigns a hit to unit `id` (`how`: "sustain" or "destroy"), before it is applied; does nothing.
function L.on_hit_assigned(p, id, how, kind, label) end

function L.assign_hits(p, units, hits, label, opts)
  if hits <= 0 then return 0 end
  local source = opts and opts.source
  local active = game.get("game", nil, "active")
  local w = game.window("assign_hits", { player = p, hits = hits, label = label, active = active, source = source })
  hits = w.hits
  if w.prefer_non_fighters then
    opts = opts or {}
    opts.prefer_non_fighters = true
  end
  local destroyed = 0
  local gone = {}
  local byid = {}
  for _, u in ipairs(units) do byid[u.id] = u end
  local left = hits
  -- (-1: units of the list removed before the hits, by an effect on the
  -- dice, are noticed at the first hit.)
  local removals = -1
  while left > 0 do
    left = left - 1
    -- Units removed by other effects meanwhile are no longer choices.
    if game.removal_count() ~= removals then
      for _, u in ipairs(units) do
        if not gone[u.id] and not game.unit_exists(u.id) then gone[u.id] = true end
      end
    end
    local options = L.hit_options(p, units, opts, gone)
    if #options == 0 then break end
    local pick = game.choose(p, { key = "assign_hit", label = label }, options)
    local what, kind, id = pick:match("^(%a+):([%w_]+)#(%d+)$")
    id = tonumber(id)
    L.on_hit_assigned(p, id, what, kind, label)
    if what == "sustain" then
      game.put("unit", id, "damaged", true)
      byid[id].damaged = true
      game.log({ key = "sustains_damage", p = L.pn(p), unit = kind .. "#" .. id })
      local sw = game.window("after_sustain", { player = p, unit = id, kind = kind, active = active, source = source, label = label, cancels = 1 })
      -- Some units cancel more than one hit when they sustain damage.
      if (sw.cancels or 1) > 1 then left = math.max(0, left - (sw.cancels - 1)) end
      if sw.destroy and game.unit_exists(id) then
        gone[id] = true
        destroyed = destroyed + 1
        L.destroy_unit({ id = id, kind = kind, owner = p },
          { source = source, label = label, active = active, system = byid[id].system })
      end
    else
      gone[id] = true
      destroyed = destroyed + 1
      L.destroy_unit({ id = id, kind = kind, owner = p },
        { source = source, label = label, active = active, system = byid[id].system })
    end
    removals = game.removal_count()
  end
  return destroyed
end

-- ctx.no_token (set by a card that says so): the system is activated
-- without spending or placing a command token, even one holding p's own
-- token; otherwise the activation above.
local plain_activation = game.procedure_fn("activation")
procedure("activation", function(ctx)
  if not ctx.no_token then return plain_activation(ctx) end
  local p = ctx.player
  if not ctx.system then
    local opts = {}
    for s = 1, game.num_systems() do
      if game.system(s).hex then opts[#opts + 1] = game.system(s).hex end
    end
    ctx.system = game.system_at(game.choose(p, { key = "activate_system" }, opts))
  end
  game.log({ key = "activates", p = L.pn(p), system = L.sysname(ctx.system) })
end)

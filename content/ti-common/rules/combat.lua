-- Space combat (LRR 78), invasion (LRR 49) and production (LRR 67).
local L = game.lib

-- hook: the dice p's units of one kind (`units`, rolling `dice` by their definitions) roll together in L.combat_roll; returns `dice`.
function L.combat_dice(p, kind, units, dice, label, rc) return dice end

-- hook: the hits player p's combat roll in L.combat_roll produces, given those its dice scored once the combat_rolled window is over (rc: the round's ctx, nil for a roll outside a combat round; label: "space combat" or "ground combat"); default: hits.
function L.combat_roll_hits(p, hits, rc, label) return hits end

-- Roll for a group of units. Modifiers from ctx.mods[p] (all / per type)
-- lower the number needed (a +1 modifier means hitting on one less).
function L.combat_roll(p, units, mods, label, rc)
  L.combat_state.last_roll = nil
  -- A player kept from rolling this round (rc.skip[p]) scores nothing.
  if rc and rc.skip and rc.skip[p] then
    game.log({ key = "no_combat_rolls", p = L.pn(p) })
    return 0
  end
  local groups, order = {}, {}
  -- Some anomalies keep unit types out of the rolls (e.g. fighters in an ion storm).
  local barred = {}
  if rc and rc.system and not rc.ground then
    local rule = L.anomaly_rule(rc.system)
    for _, t in ipairs(rule and rule.no_combat_types or {}) do barred[t] = true end
  end
  for _, u in ipairs(units) do
    local d = L.def(p, u.kind)
    if d.combat and not barred[d.type] then
      local key = u.kind
      if not groups[key] then groups[key] = { kind = u.kind, dice = 0, hit = d.combat, units = {} }; order[#order + 1] = key end
      groups[key].dice = groups[key].dice + (d.dice or 1)
      table.insert(groups[key].units, u)
    end
  end
  -- Lowest combat value first (LRR 78.4 asks all at once; order is for the log).
  table.sort(order, function(a, b)
    return groups[a].hit < groups[b].hit or (groups[a].hit == groups[b].hit and a < b)
  end)
  local total = 0
  local m = mods or {}
  local rolled = {}
  for _, k in ipairs(order) do
    local g = groups[k]
    local bonus = (m.all or 0) + (m[k] or 0)
    local dice = L.combat_dice(p, g.kind, g.units, g.dice, label, rc)
    local hits, rolls = game.roll({ key = "roll_unit", p = L.pn(p), label = label, unit = g.kind }, dice, g.hit - bonus)
    total = total + hits
    rolled[#rolled + 1] = { kind = g.kind, rolls = rolls, target = g.hit - bonus, hits = hits }
  end
  -- After the dice: effects may reroll or add hits (ctx.hits).
  if rc then
    local w = game.window("combat_rolled", { player = p, active = rc.active, round = rc.round, system = rc.system, planet = rc.planet, ground = rc.ground, groups = rolled, hits = total, label = label })
    total = w.hits
  end
  total = L.combat_roll_hits(p, total, rc, label)
  -- The dice of this roll by unit kind, for L.assign_combat_hits.
  L.combat_state.last_roll = { player = p, groups = rolled, hits = total }
  return total
end

-- Where p's ships in s may retreat (LRR 78.7): adjacent systems with none of
-- another player's ships and with p's units or planets.
function L.retreat_options(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    if #L.other_ships(p, t) == 0 then
      local mine = game.count_units { system = t, owner = p } > 0
      for _, pl in ipairs(game.planets_of(t)) do if game.planet_owner(pl) == p then mine = true end end
      if mine then out[#out + 1] = t end
    end
  end
  return out
end
L.retreat_options_base = L.retreat_options

-- hook: whether both sides roll their anti-fighter barrage before either side's hits are assigned (ctx: the step's); default: no, each side's hits are assigned as it rolls.
function L.barrage_simultaneous(ctx) return false end

-- hook: p's ships in s that fire an anti-fighter barrage, each as { u = unit, a = its barrage {hit, dice} }, in board order; default: every ship whose definition has one.
function L.barrage_shooters(p, s)
  local list = {}
  for _, u in ipairs(L.ships(p, s)) do
    local d = L.def(p, u.kind)
    if d.anti_fighter_barrage then list[#list + 1] = { u = u, a = d.anti_fighter_barrage } end
  end
  return list
end

-- hook: how much player p's rolls for unit ability `ability` ("anti_fighter_barrage" or "space_cannon") against player q are raised (each die needs that much less to hit); default: 0.
function L.unit_ability_roll_bonus(p, ability, q) return 0 end

-- One side's barrage; with `queue`, its hits are queued instead of assigned.
local function afb(p, q, s, queue)
  local list = L.barrage_shooters(p, s)
  if #list == 0 then return end
  local hits = 0
  local rolled, groups = {}, {}
  for _, x in ipairs(list) do
    local r = { { key = "roll_barrage", p = L.pn(p), unit = x.u.kind }, x.a.dice, x.a.hit - L.unit_ability_roll_bonus(p, "anti_fighter_barrage", q) }
    rolled[#rolled + 1] = r
    local h, rolls = game.roll(r[1], r[2], r[3])
    groups[#groups + 1] = { kind = x.u.kind, rolls = rolls, target = r[3], hits = h }
    hits = hits + h
  end
  hits = L.ability_rerolls(p, "anti_fighter_barrage", q, hits, rolled, { system = s, groups = groups })
  local a = { q, s, hits, p }
  if queue then queue[#queue + 1] = a else L.assign_barrage_hits(q, s, hits, p) end
end

-- hook: q assigns the `hits` of player p's anti-fighter barrage in system s (fighters only, no sustain damage, excess hits lost); default: L.assign_hits to q's ships there with the label "anti-fighter barrage".
function L.assign_barrage_hits(q, s, hits, p)
  return L.assign_hits(q, L.space_combat_ships(q, s), hits, "anti-fighter barrage", { only = { fighter = true }, no_sustain = true, source = p })
end

-- Both sides' barrages (L.barrage_simultaneous: all dice before any hit).
function L.barrages(ctx, side)
  local queue = L.barrage_simultaneous(ctx) and {} or nil
  side(ctx.player, ctx.defender, ctx.system, queue)
  side(ctx.defender, ctx.player, ctx.system, queue)
  -- (Queued entries: { q, s, hits, p } for L.assign_barrage_hits.)
  for _, a in ipairs(queue or {}) do L.assign_barrage_hits(table.unpack(a)) end
end

-- hook: the retreat announcements at the start of a space combat round; returns the player who will retreat, or nil.
function L.announce_retreats(a, d, s, round, ctx)
  -- Defender first; if the defender retreats the attacker cannot.
  local retreating = nil
  for _, p in ipairs({ d, a }) do
    if not retreating and #L.retreat_options(p, s) > 0 and (p == d or true) then
      if game.choose(p, { key = "announce_retreat" }, { "no", "yes" }) == "yes" then
        game.log({ key = "announces_retreat", p = L.pn(p) })
        -- Another effect may stop the retreat this round (ctx.cancel).
        local w = game.window("retreat_announced", { player = p, active = a, attacker = a, defender = d, system = s, round = round })
        if w.cancel then game.log({ key = "cannot_retreat_this_round", p = L.pn(p) }) else retreating = p end
      end
    end
  end
  return retreating
end

-- hook: called in a space combat round just before its combat_round_start window (rc: the round's ctx, ctx: the combat's); does nothing.
function L.combat_round_starting(rc, ctx) end

-- hook: the hits of a space combat round once both sides have rolled (ha: the attacker's, hd: the defender's, after their combat_rolled windows), before either is assigned; returns the two (default: unchanged).
function L.space_combat_rolled(rc, ha, hd) return ha, hd end

-- hook: p assigns the `hits` that player `source` scored in a round of space combat to his ships `units` (rc: the round's ctx; roll: the source's dice {player, groups = {kind, rolls, target, hits} by unit kind, hits}, or nil); default: L.assign_hits with the label "space combat".
function L.assign_combat_hits(p, units, hits, source, rc, roll)
  return L.assign_hits(p, units, hits, "space combat", { source = source })
end

-- hook: called in a space combat round after the hits, just before its combat_round_end window; does nothing.
function L.combat_round_ending(rc, ctx) end

-- hook: called in the retreat step just before p's units in the space area of s move to t (all of them go, and limits then hold in t); does nothing.
function L.retreat_cargo(p, s, t) end

--- hook: whether player p, whose units retreated into system t, places a command token there (taken from reinforcements, or from the command sheet when none is left); default: only when t holds none of p's command tokens yet (LRR 78.7d).
function L.retreat_places_token(p, t) return not game.has_token(t, "command", p) end

-- hook: the players whose ships fight on p's side in the space combat in s (ctx: the combat's), p first; default: { p }.
function L.combat_side(p, s, ctx) return { p } end

-- hook: the hits that the other players on p's side (L.combat_side) score in a round of space combat, rolled after p's own roll (rc: the round's ctx); default: 0.
function L.combat_side_rolls(p, rc, ctx) return 0 end

-- hook: the bonus to the combat rolls of the defender d in a round of space combat in system s from its anomaly (rule: the anomaly's definition, or nil); default: the rule's defender_bonus (a nebula's +1), or 0.
function L.anomaly_defender_bonus(s, d, rule) return rule and rule.defender_bonus or 0 end

-- hook: p's ships in system s that take part in the space combat there (they roll, take its hits and keep the combat going); default: L.ships(p, s), all of them.
function L.space_combat_ships(p, s) return L.ships(p, s) end

procedure("space_combat", function(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or L.enemies_in(a, s)[1]
  if not d then return end
  ctx.defender = d
  -- The ships of p's side.
  local function side_ships(p)
    local out = {}
    for _, q in ipairs(L.combat_side(p, s, ctx)) do
      for _, u in ipairs(L.space_combat_ships(q, s)) do out[#out + 1] = u end
    end
    return out
  end
  game.log({ key = "space_combat_begins", system = L.sysname(s), p = L.pn(a), q = L.pn(d) })
  local round = 0
  local winner
  while true do
    round = round + 1
    if round == 1 then
      game.step("anti_fighter_barrage", ctx)
    end
    if #side_ships(a) == 0 or #side_ships(d) == 0 then break end
    local retreating = L.announce_retreats(a, d, s, round, ctx)
    local rc = { player = a, active = a, attacker = a, defender = d, system = s, round = round, mods = { [a] = {}, [d] = {} } }
    -- Anomaly bonus for a defender in a nebula (LRR 59.4).
    local an = (game.data.systems[game.tile_of(s)] or {}).anomaly
    local rule = an and game.data.anomalies and game.data.anomalies[an]
    local bonus = L.anomaly_defender_bonus(s, d, rule)
    if bonus ~= 0 then rc.mods[d].all = (rc.mods[d].all or 0) + bonus end
    L.combat_round_starting(rc, ctx)
    game.window("combat_round_start", rc)
    -- An effect may end the combat now (ctx.end_combat = "draw"), having moved a side away.
    if rc.end_combat then
      -- "draw": nobody wins, whoever is left in the system.
      if rc.end_combat == "draw" then ctx.draw = true end
      break
    end
    local sa, sd = L.space_combat_ships(a, s), L.space_combat_ships(d, s)
    local ha = L.combat_roll(a, sa, rc.mods[a], "space combat", rc)
    local ra = L.combat_state.last_roll
    ha = ha + L.combat_side_rolls(a, rc, ctx)
    local hd = L.combat_roll(d, sd, rc.mods[d], "space combat", rc)
    local rd = L.combat_state.last_roll
    hd = hd + L.combat_side_rolls(d, rc, ctx)
    ha, hd = L.space_combat_rolled(rc, ha, hd)
    L.assign_combat_hits(d, sd, ha, a, rc, ra)
    L.assign_combat_hits(a, sa, hd, d, rc, rd)
    L.combat_round_ending(rc, ctx)
    game.window("combat_round_end", rc)
    local left_a, left_d = #side_ships(a), #side_ships(d)
    if retreating and left_a > 0 and left_d > 0 then
      local opts = {}
      for _, t in ipairs(L.retreat_options(retreating, s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
      if #opts > 0 then
        local pick = game.choose(retreating, { key = "retreat_to" }, opts)
        local t = tonumber(pick) or game.system_at(pick)
        L.retreat_cargo(retreating, s, t)
        local went = 0
        for _, u in ipairs(game.units { system = s, owner = retreating, space = true }) do
          if u.carried == nil then game.move_unit(u.id, { system = t }); went = went + 1 end
        end
        -- A token from reinforcements goes to the system retreated to, none
        -- if one of the player's tokens is already there; with none left in
        -- reinforcements, one from the command sheet (LRR 78.7d). None when
        -- no unit got there (L.retreat_cargo removed them all).
        if went > 0 and L.retreat_places_token(retreating, t) then
          if L.reinforcements(retreating) <= 0 then
            local pools = {}
            for _, pool in ipairs(L.POOLS) do
              if game.counter(retreating, pool) > 0 then pools[#pools + 1] = pool end
            end
            if #pools > 0 then game.add(retreating, game.choose(retreating, { key = "retreat_token_from" }, pools), -1) end
          end
          if L.reinforcements(retreating) > 0 then game.place_token(t, "command", retreating) end
        end
        if went > 0 then game.log({ key = "retreats_to", p = L.pn(retreating), system = L.sysname(t) }) end
        -- Fleet pool and capacity hold in the system retreated to (LRR 37.3,
        -- 78.7b: fighters and ground forces that cannot be carried are removed).
        L.enforce_limits(retreating, t)
        winner = (retreating == a) and d or a
        break
      end
    end
    if left_a == 0 or left_d == 0 then break end
    if round > 100 then error("space combat did not end") end
  end
  local la, ld = #side_ships(a), #side_ships(d)
  if not winner and not ctx.draw then
    if la > 0 and ld == 0 then winner = a elseif ld > 0 and la == 0 then winner = d end
  end
  ctx.winner = winner
  game.log(winner and { key = "space_combat_won", p = L.pn(winner) }
    or (ctx.draw and { key = "space_combat_draw" } or { key = "space_combat_no_ships" }))
  for _, side in ipairs({ a, d }) do
    for _, p in ipairs(L.combat_side(side, s, ctx)) do
      -- Ground forces in space with no ships to carry them are destroyed.
      L.enforce_limits(p, s)
    end
  end
end)

procedure("anti_fighter_barrage", function(ctx)
  L.barrages(ctx, afb)
end)

procedure("invasion", function(ctx)
  local p, s = ctx.player, ctx.system
  if #L.ships(p, s) == 0 or #L.enemies_in(p, s) > 0 then return end
  ctx.targets = {}
  game.step("bombardment", ctx)
  game.step("commit_ground_forces", ctx)
  -- Space cannon defense on every planet first, then each ground combat
  -- and its control step (LRR 49.3-49.5).
  local cs = {}
  for _, pl in ipairs(ctx.targets) do
    cs[#cs + 1] = { player = p, active = p, system = s, planet = pl, defender = game.planet_owner(pl) }
    game.step("space_cannon_defense", cs[#cs])
  end
  -- All ground combats, then control of each planet (LRR 49.4, 49.5).
  for _, c in ipairs(cs) do game.step("ground_combat", c) end
  for _, c in ipairs(cs) do
    game.step("establish_control", c)
    if c.end_turn then ctx.end_turn = true end
  end
end)

--- Whether unit `u` of player p takes away the planetary shields in its system (default: its definition's `removes_planetary_shield`).
function L.removes_shield(p, u)
  return L.def(p, u.kind).removes_planetary_shield
end

-- hook: whether unit u on planet pl gives it a planetary shield against `attacker`'s bombardment (the shield of a unit of another player than the attacker); default: its definition's planetary_shield.
function L.gives_shield(u, pl, attacker) return L.def(u.owner, u.kind).planetary_shield end

-- Whether the planet is protected by a planetary shield (a war sun in the
-- system removes it, LRR 66.3).
function L.shielded(pl, attacker)
  local s = game.planet_system(pl)
  for _, u in ipairs(game.units { system = s, owner = attacker }) do
    if L.removes_shield(attacker, u) then return false end
  end
  for _, u in ipairs(game.units { planet = pl }) do
    if u.owner ~= attacker and L.gives_shield(u, pl, attacker) then return true end
  end
  return false
end

-- hook: p's ships in s that may bombard in this bombardment step (ctx: the step's); default: all of them.
function L.bombard_units(p, s, ctx) return L.ships(p, s) end

-- hook: the planet unit u bombards, given p's answer `pick` (a planet or "none"); returns it.
function L.bombard_target(p, u, pick, ctx) return pick end

-- hook: the dice unit u rolls against planet pl and the value they need, given its bombardment's; returns them.
function L.bombard_roll(p, u, pl, dice, hit, ctx) return dice, hit end

-- hook: called after unit u's bombardment roll against pl (rolls: the dice, target: the value they needed); does nothing.
function L.bombard_rolled(p, u, pl, rolls, target, hits, ctx) end

-- hook: the bombardment hits on planet pl that its owner assigns, given the hits scored; returns them.
function L.bombard_hits(p, owner, pl, hits, ctx) return hits end

-- hook: the hits that player o's BOMBARDMENT rolls against planet pl produce, given those their dice scored (after any reroll); called once per player rolling against the planet in one use of BOMBARDMENT (owner: whose units there are hit; ctx: the bombardment step's, or the ctx of an ability that bombards outside that step); default: hits.
function L.bombardment_roll_hits(o, owner, pl, hits, ctx) return hits end

-- hook: called once player o's units have used BOMBARDMENT against planet pl (their dice rolled, before the hits are assigned; ctx as for L.bombardment_roll_hits); does nothing.
function L.bombarded(o, pl, ctx) end

-- hook: how many units each BOMBARDMENT hit that p scores against planet pl destroys (owner: whose units there are hit; the hits assigned are multiplied by it); default: 1.
function L.bombardment_hit_size(p, owner, pl) return 1 end

-- hook: the owner of planet pl assigns the bombardment's hits to his ground units there (`units`); default: L.assign_hits with the label "bombardment".
function L.bombard_assign(p, owner, pl, units, hits, ctx)
  return L.assign_hits(owner, units, hits, "bombardment", { source = p })
end

-- hook: the planets of s that p may bombard in this bombardment step, in board order (ctx: the step's); default: those p does not control that hold another player's units.
function L.bombard_planets(p, s, ctx)
  local planets = {}
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o ~= p and game.count_units { planet = pl, not_owner = p } > 0 then planets[#planets + 1] = pl end
  end
  return planets
end

-- hook: the answers that target planet pl in the "bombard_with" decision (one per group of units rolled against together); default: { pl }.
function L.bombard_choices(p, pl, ctx) return { pl } end

-- hook: the planet and the player whose units are hit for one answer of the "bombard_with" decision (from L.bombard_choices); default: that planet and its owner (or, uncontrolled, the first other player's units there).
function L.bombard_victim(p, choice, ctx)
  return choice, game.planet_owner(choice) or (game.units { planet = choice, not_owner = p }[1] or {}).owner
end

-- hook: the players whose ships bombard together in p's bombardment step in s, p first (they roll against the planets and answers p may pick; the hits are added per planet; ctx: the step's); default: { p }.
function L.bombard_side(p, s, ctx) return { p } end

-- hook: the Bombardment ability ({dice, hit}) of player o's unit u in the bombardment step ctx, or nil; default: its unit definition's.
function L.bombardment_of(o, u, ctx) return L.def(o, u.kind).bombardment end

procedure("bombardment", function(ctx)
  local p, s = ctx.player, ctx.system
  local bombers = {}
  for _, o in ipairs(L.bombard_side(p, s, ctx)) do
    for _, u in ipairs(L.bombard_units(o, s, ctx)) do
      local b = L.bombardment_of(o, u, ctx)
      if b then bombers[#bombers + 1] = { u = u, b = b, o = o } end
    end
  end
  if #bombers == 0 then return end
  local planets = L.bombard_planets(p, s, ctx)
  if #planets == 0 then return end
  local opts = { "none" }
  for _, pl in ipairs(planets) do
    if L.shielded(pl, p) then
      game.log({ key = "planetary_shield", planet = L.name("planets", pl) })
    elseif not (ctx.forbid and ctx.forbid[pl]) then
      for _, o in ipairs(L.bombard_choices(p, pl, ctx)) do opts[#opts + 1] = o end
    end
  end
  if #opts == 1 then return end
  -- Each unit chooses its planet (LRR 15.1); rolls are made per planet.
  local targets, order = {}, {}
  for _, x in ipairs(bombers) do
    local pick = L.bombard_target(x.o, x.u, game.choose(x.o, { key = "bombard_with", unit = x.u.kind .. "#" .. x.u.id, id = x.u.id }, opts), ctx)
    if pick ~= "none" then
      if not targets[pick] then targets[pick] = {}; order[#order + 1] = pick end
      table.insert(targets[pick], x)
    end
  end
  -- An extra die from a technology is added once per player bombarding, to
  -- the unit L.extra_die_unit picks among that player's rolling units (in
  -- the order they roll), before any die is rolled.
  local extra = {}
  for _, x in ipairs(bombers) do
    if extra[x.o] == nil then extra[x.o] = L.extra_dice(x.o, "bombardment") end
  end
  local cands, owners = {}, {}
  for _, choice in ipairs(order) do
    for _, x in ipairs(targets[choice]) do
      if extra[x.o] > 0 then
        if not cands[x.o] then cands[x.o] = {}; owners[#owners + 1] = x.o end
        table.insert(cands[x.o], { unit = x.u, hit = x.b.hit, dice = x.b.dice, where = choice, x = x })
      end
    end
  end
  local gets = {}
  for _, o in ipairs(owners) do
    gets[cands[o][L.extra_die_unit(o, "bombardment", cands[o])].x] = extra[o]
  end
  for _, choice in ipairs(order) do
    local hits = 0
    local pick, owner = L.bombard_victim(p, choice, ctx)
    local rolled, done = {}, {}
    for _, x in ipairs(targets[choice]) do
      local o = x.o
      local dice, need = L.bombard_roll(o, x.u, pick, x.b.dice + (gets[x] or 0), x.b.hit, ctx)
      local r = { { key = "roll_bombardment", p = L.pn(o), unit = x.u.kind }, dice, need }
      rolled[#rolled + 1] = r
      local h, rolls = game.roll(r[1], r[2], r[3])
      done[#done + 1] = { o = o, u = x.u, rolls = rolls, need = need, h = h }
      hits = hits + h
    end
    -- (The active player's bombardment; the dice of players on its side too.)
    local again
    hits, again = L.ability_rerolls(p, "bombardment", owner, hits, rolled)
    for i, x in ipairs(done) do
      if again then x.rolls, x.h = again[i].rolls, again[i].hits end
      L.bombard_rolled(x.o, x.u, pick, x.rolls, x.need, x.h, ctx)
    end
    -- The hits each player's rolls produce (L.bombardment_roll_hits).
    local by, players = {}, {}
    for _, x in ipairs(done) do
      if not by[x.o] then by[x.o] = 0; players[#players + 1] = x.o end
      by[x.o] = by[x.o] + x.h
    end
    for _, o in ipairs(players) do
      hits = hits + L.bombardment_roll_hits(o, owner, pick, by[o], ctx) - by[o]
    end
    for _, o in ipairs(players) do L.bombarded(o, pick, ctx) end
    if owner then
      local units = L.ground(owner, pick)
      L.bombard_assign(p, owner, pick, units, L.bombard_hits(p, owner, pick, hits, ctx) * L.bombardment_hit_size(p, owner, pick), ctx)
    end
  end
end)

-- hook: the ground forces of p in the space area of s that may land on planet pl in this commit step (avail: all of them, in board order; ctx: the step's); default: avail.
function L.landing_units(p, s, pl, avail, ctx) return avail end

-- hook: whether p may commit ground forces to planet pl in this invasion (ctx: the step's); default: yes (a pack with planets that hold no ground forces says no for those).
function L.may_commit_to(p, pl, ctx) return true end

-- Lands the ground forces a commit step declared without moving them (ctx.defer_landing set: they are in ctx.landings, {planet, ids}); those no longer in the space area are left out.
function L.land_committed(ctx)
  local in_space = {}
  for _, u in ipairs(game.units { system = ctx.system, space = true }) do in_space[u.id] = true end
  for _, l in ipairs(ctx.landings or {}) do
    for _, id in ipairs(l.ids) do
      if in_space[id] then game.move_unit(id, { planet = l.planet }) end
    end
  end
  ctx.landings = nil
end

procedure("commit_ground_forces", function(ctx)
  local p, s = ctx.player, ctx.system
  for _, pl in ipairs(game.planets_of(s)) do
    if not L.may_commit_to(p, pl, ctx) then goto next_planet end
    local pd = L.pdef(pl)
    local avail = {}
    local declared = {}
    for _, l in ipairs(ctx.landings or {}) do
      for _, id in ipairs(l.ids) do declared[id] = true end
    end
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      if L.def(p, u.kind).class == "ground" and not declared[u.id] then avail[#avail + 1] = u end
    end
    avail = L.landing_units(p, s, pl, avail, ctx)
    -- Ground forces may also land on the active player's own planets (no combat).
    if #avail > 0 then
      local opts = { "0" }
      for i = 1, #avail do opts[#opts + 1] = tostring(i) end
      local n = tonumber(game.choose(p, { key = "commit_ground_forces", planet = L.name("planets", pl), planet_id = pl }, opts))
      -- An edition may restrict landing (`before_landing` returns how many may land).
      if n > 0 and game.has_procedure("before_landing") then
        n = game.call("before_landing", { player = p, planet = pl, count = n, system = s }) or n
      end
      if n > 0 then
        if ctx.defer_landing then
          -- (declared now, landed later by L.land_committed)
          local ids = {}
          for i = 1, n do ids[i] = avail[i].id end
          ctx.landings = ctx.landings or {}
          table.insert(ctx.landings, { planet = pl, ids = ids })
        else
          for i = 1, n do game.move_unit(avail[i].id, { planet = pl }) end
        end
        game.log({ key = n > 1 and "commits_ground_forces" or "commits_ground_force", p = L.pn(p), n = n, planet = L.name("planets", pl) })
        if game.planet_owner(pl) ~= p then table.insert(ctx.targets, pl) end
      end
    end
    ::next_planet::
  end
end)

-- hook: the units on planet pl that may fire space cannon defense at p's ground forces committed there (ctx: the step's); default: every other player's unit there (those without space cannon are skipped).
function L.space_cannon_defense_units(p, pl, ctx) return game.units { planet = pl, not_owner = p } end

procedure("space_cannon_defense", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local list = {}
  local q
  for _, u in ipairs(L.space_cannon_defense_units(p, pl, ctx)) do
    local d = L.def(u.owner, u.kind)
    if d.space_cannon then list[#list + 1] = { unit = u, sc = d.space_cannon }; q = u.owner end
  end
  if #list == 0 then return end
  local hits = L.fire_cannons(q, list, p, "space cannon defense")
  local w = game.window("space_cannon_hits", { player = p, shooter = q, hits = hits, planet = pl, system = game.planet_system(pl), defense = true })
  L.assign_hits(p, L.ground(p, pl), w.hits, "space cannon defense", { source = q })
end)

-- hook: the units that fight p's ground forces on planet pl in this ground combat (ctx: the step's; the owner of the last one rolls for them); default: every other player's ground forces there.
function L.ground_combat_opponents(p, pl, ctx)
  local theirs = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then theirs[#theirs + 1] = u end
  end
  return theirs
end

-- hook: the hits that other players on p's side score in a round of ground combat on rc.planet, rolled after p's own roll (rc: the round's ctx); default: 0.
function L.ground_combat_side_rolls(p, rc, ctx) return 0 end

-- hook: p assigns the `hits` that player `source` scored in a round of ground combat on planet pl (rc: the round's ctx); default: L.assign_hits to p's ground forces there with the label "ground combat".
function L.assign_ground_hits(p, pl, hits, source, rc)
  return L.assign_hits(p, L.ground(p, pl), hits, "ground combat", { source = source })
end

--- hook: whether, in a round of ground combat (rc: the round's ctx), the active player assigns the hits scored against their ground forces before the defender assigns theirs; default: no, the defender first.
function L.ground_hits_active_first(rc) return false end

procedure("ground_combat", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local round = 0
  while true do
    local mine = L.ground(p, pl)
    local theirs = L.ground_combat_opponents(p, pl, ctx)
    local d = theirs[#theirs] and theirs[#theirs].owner
    if #mine == 0 or #theirs == 0 then break end
    round = round + 1
    ctx.defender = d
    local rc = { player = p, active = p, attacker = p, defender = d, planet = pl, round = round, ground = true, mods = { [p] = {}, [d] = {} } }
    game.window("combat_round_start", rc)
    -- An effect as the round starts may have destroyed some of them.
    mine, theirs = L.ground(p, pl), L.ground_combat_opponents(p, pl, ctx)
    if #mine == 0 or #theirs == 0 then break end
    local ha = L.combat_roll(p, mine, rc.mods[p], "ground combat", rc)
    ha = ha + L.ground_combat_side_rolls(p, rc, ctx)
    local hd = L.combat_roll(d, theirs, rc.mods[d], "ground combat", rc)
    hd = hd + L.ground_combat_side_rolls(d, rc, ctx)
    if L.ground_hits_active_first(rc) then
      L.assign_ground_hits(p, pl, hd, d, rc)
      L.assign_ground_hits(d, pl, ha, p, rc)
    else
      L.assign_ground_hits(d, pl, ha, p, rc)
      L.assign_ground_hits(p, pl, hd, d, rc)
    end
    game.window("combat_round_end", rc)
    if round > 100 then error("ground combat did not end") end
  end
end)

-- hook: the other players' units on planet pl that are removed when p, with ground forces there after the ground combats, establishes control (ctx: the step's); default: all of them.
function L.control_removes(p, pl, ctx) return game.units { planet = pl, not_owner = p } end

procedure("establish_control", function(ctx)
  local p, pl = ctx.player, ctx.planet
  if #L.ground(p, pl) == 0 then return end
  -- Other players' structures on the planet are destroyed (LRR 49.6).
  for _, u in ipairs(L.control_removes(p, pl, ctx)) do
    game.remove_unit(u.id)
    game.log({ key = "is_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id })
  end
  L.take_control(p, pl, true)
end)

-- A unit with production is blockaded when another player's ships are in its
-- system and none of its owner's are (LRR 14).
function L.blockaded(p, s)
  return #L.other_ships(p, s) > 0 and #L.ships(p, s) == 0
end

-- Production hooks: the production step (this one and ti3's) calls them for
-- each pick. `st` is the step's state: player, system, cap (production
-- value), count (units counted so far), cost, built (kind -> n); a hook may
-- keep its own fields in it for the rest of the step.
-- hook: the options of one "produce" pick ("done", unit kinds, ti3's "space_dock@<planet>"); default: as offered
function L.production_options(ctx, opts, st) return opts end
-- hook: the cost in resources of one pick of `kind` (definition d); default: d.cost
function L.production_cost(ctx, kind, d) return d.cost end
-- hook: the resources taken off the total cost of the whole production step (ctx: the step's, with player and system); default: the producing player's flag production_discount
function L.production_discount(ctx) return L.flag(ctx.player, "production_discount") end
-- hook: how many units of `kind` one pick gives (counted against the production value); default: per_cost, at most the room left
function L.production_count(ctx, kind, st)
  return math.min(L.def(st.player, kind).per_cost or 1, st.cap - st.count)
end
-- hook: how many of the n units of one pick of `kind` count against the production value (st.count); default: all n
function L.production_counted(ctx, kind, n, st) return n end
-- hook: where one unit built by the step goes (`where` as game.spawn takes it: {system = s} or {planet = pl}); default: where the step puts it
function L.production_place(ctx, kind, where, st) return where end
-- hook: whether the producing player's unit u (ctx: the production step's) counts as a producing unit for where new ground forces may go; default: its unit has production
function L.produces_ground_site(ctx, u) return L.def(ctx.player, u.kind).production end
-- hook: p's units of `kind` (at its limit: none left in reinforcements) that may go back to reinforcements so that one more can be produced, as a list of units (ti4: LRR 67.5a); default: none
function L.production_reclaimable(ctx, kind, st) return {} end
-- hook: whether the production step checks p's fleet and capacity limits in s as it ends; default: yes (a rule that changes the new units afterwards checks them itself)
function L.production_enforces_limits(ctx) return true end

-- hook: the production value of the production step ctx (its player's units in ctx.system); default: L.production(ctx.player, ctx.system)
function L.production_value(ctx) return L.production(ctx.player, ctx.system) end

-- hook: how many units of board type t (definition d) p has in all (LRR 96.2), or nil for no limit; default: d.limit (a variant that removes units from the game lowers it).
function L.unit_limit(p, t, d) return d.limit end

procedure("production", function(ctx)
  local p, s = ctx.player, ctx.system
  local cap = L.production_value(ctx)
  if cap <= 0 then return end
  local blockaded = L.blockaded(p, s)
  -- Cost reductions (e.g. a technology) come off the total.
  local discount = L.production_discount(ctx)
  local budget = L.spendable(p, "resources") + discount
  local planet_for_ground
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.planet and L.produces_ground_site(ctx, u) then planet_for_ground = u.planet end
  end
  local built, cost = {}, 0
  local count = 0
  local st = { player = p, system = s, cap = cap, count = 0, cost = 0, built = built }
  while count < cap do
    local opts = { "done" }
    for _, t in ipairs(L.unit_types()) do
      local d = L.has_unit(p, t) and L.def(p, t)
      local ok = d and d.cost and (d.class == "ship" or d.class == "ground")
      if ok and d.requires_tech and not game.holds(p, "techs", d.requires_tech) then ok = false end
      if ok and blockaded and d.class == "ship" then ok = false end
      if ok and d.class == "ground" and not planet_for_ground then ok = false end
      if ok and cost + L.production_cost(ctx, t, d) > budget then ok = false end
      if ok and L.unit_limit(p, t, d) and d.type ~= "fighter" and d.type ~= "infantry" and game.count_units { owner = p, kind = t } + (built[t] or 0) >= L.unit_limit(p, t, d)
        and #L.production_reclaimable(ctx, t, st) == 0 then ok = false end
      if ok and d.fleet and L.count_fleet(p, s) + (built._fleet or 0) + 1 > L.fleet_limit_in(p, s) then ok = false end
      if ok then opts[#opts + 1] = t end
    end
    st.count, st.cost = count, cost
    local pick = game.choose(p, { key = "produce" }, L.production_options(ctx, opts, st))
    if pick == "done" then break end
    local d = L.def(p, pick)
    -- None left in reinforcements: one on the board goes back first.
    if L.unit_limit(p, pick, d) and d.type ~= "fighter" and d.type ~= "infantry" and game.count_units { owner = p, kind = pick } + (built[pick] or 0) >= L.unit_limit(p, pick, d) then
      local ro = {}
      for _, u in ipairs(L.production_reclaimable(ctx, pick, st)) do ro[#ro + 1] = u.kind .. "#" .. u.id end
      L.reclaim_unit(p, game.choose(p, { key = "production_reclaim", unit = pick }, ro))
    end
    -- Each fighter or infantry counts toward the production value; with
    -- room for one only, one is produced for the full cost (LRR 68.1b-c).
    local n = L.production_count(ctx, pick, st)
    built[pick] = (built[pick] or 0) + n
    if d.fleet then built._fleet = (built._fleet or 0) + 1 end
    cost = cost + L.production_cost(ctx, pick, d)
    count = count + L.production_counted(ctx, pick, n, st)
  end
  if cost == 0 and next(built) == nil then return end
  L.pay(p, math.max(0, cost - discount), "resources")
  for _, t in ipairs(game.keys(built)) do
    if t ~= "_fleet" then
      for _ = 1, built[t] do
        local d = L.def(p, t)
        if d.class == "ground" then
          game.spawn(t, p, L.production_place(ctx, t, { planet = planet_for_ground }, st))
        else
          game.spawn(t, p, L.production_place(ctx, t, { system = s }, st))
        end
      end
      game.log({ key = "produces", p = L.pn(p), n = built[t], unit = t, system = L.sysname(s) })
    end
  end
  if L.production_enforces_limits(ctx) then L.enforce_limits(p, s) end
end)

--- p takes back to reinforcements their unit named by option `r` ("kind#id", the form of L.production_reclaimable's options), to place it again elsewhere (LRR 23.4a, 67.5a); what it carried may then lack capacity where it was.
function L.reclaim_unit(p, r)
  local id = tonumber(r:match("#(%d+)$"))
  for _, u in ipairs(game.units { owner = p }) do
    if u.id == id then
      game.remove_unit(u.id)
      game.log({ key = "unit_to_reinforcements", p = L.pn(p), unit = r, system = L.sysname(u.system) })
      L.enforce_limits(p, u.system)
    end
  end
end

-- The alliance variant (option `alliance`, 4 or 6 players; allies:
-- L.te_ally, in rules/te_options.lua): movement, landing, combat, abilities,
-- elimination and the simultaneous tactical action.
--
-- - Ships move through and into systems holding the ally's ships (no combat).
-- - Ground forces may land on the ally's planets: no ground combat, no
--   change of control.
-- - A space combat: the ally's ships in the system fight on the same side;
--   the ally rolls for them and the hits are added to the side's total.
--   Hits against an allied pair: the pair's active player (else the player
--   attacked or attacking) decides how many go to the ally's ships; each
--   then picks their own units for them.
-- - Unit abilities (space cannon, bombardment, space cannon defense) are not
--   used against the ally.
-- - A player is not eliminated while their ally controls a planet.
-- - Promissory notes from the ally are not resolved (not even on receipt).
-- - Abilities reacting to the activation of a system with another player's
--   units, planets or command tokens do not react between allies
--   (L.activation_touches; the cards and techs of ti4 and this pack ask it).
-- - When a player activates a system, their ally may join the tactical
--   action there, spending and placing a token from their tactic pool: the
--   ally moves after the active player, fights beside them, and has their
--   own invasion and production steps after the active player's.
-- - Anti-fighter barrage: the ally's ships in the system barrage too.
-- - A player who retreats takes the ally's ships in the combat along.
-- - Space cannon offense: hits on a player's ships may go to the ally's
--   ships there; a joining ally's space cannons fire too.
-- - A ground combat: the same with the ally's ground forces on the planet
--   (those coexisting there stay out).
-- - Redistributing command tokens: planet cards may change hands between
--   allies (the receiver needs units on the planet).
-- - Movement: with the ally's consent, a player's ships transport the
--   ally's fighters and ground forces; unused capacity of one ally holds
--   the other's units in the same system.
--   With the ally's consent, the active player commits the ally's ground
--   forces from the space area as well.
-- - Unit abilities: an opponent's anti-fighter barrage hits both allies'
--   fighters; both allies bombard in one step; a hit an opponent's effect
--   puts on the pair may go to either ally's ships.
-- - Abilities and effects: the ally's planets count as one's own (ti4 hooks
--   L.ability_planets, L.is_ability_planet: placing units on a planet of
--   one's own, counting one's planets, a system holding one's planet) but
--   are never exhausted or readied by one's effects and count for no
--   objective nor the Imperial point (those read the planets one controls);
--   the ally's units and planets are not "another player's" (ti4 hooks
--   L.counts_as_other, L.effect_other_ships), and never one's own (effects
--   read one's own units by owner).
local L = game.lib

local function allied() return game.options.alliance end
-- The ally who joined the tactical action in progress (game prop `te_joined`).
local function joined() return game.get("game", nil, "te_joined") end

-- A simulated fight (`imperium combat`, board: attacker and defender) where
-- neither player has an ally: the replacements below then do just what
-- the ones they wrap do (L.plain_wrapper), so the fight may run as a plan.
local function no_allies(board)
  return L.te_ally(board.attacker or 1) == nil and L.te_ally(board.defender or 2) == nil
end

-- Movement: the ally's ships do not stop a move.
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  local ally = L.te_ally(p)
  if not ally or #r.stop == 0 then return r end
  local keep = {}
  for _, s in ipairs(r.stop) do
    local enemy = false
    for _, u in ipairs(L.other_ships(p, s)) do
      if u.owner ~= ally then enemy = true end
    end
    if enemy then keep[#keep + 1] = s end
  end
  r.stop = keep
  return r
end

-- Transport and support: if the ally agrees, p's ships take the ally's
-- fighters and ground forces along (they stay the ally's units); capacity
-- left unused by one ally holds the other's units in the same system.
local base_candidates = L.transport_candidates
function L.transport_candidates(p, s, target, ctx)
  local out = base_candidates(p, s, target, ctx)
  local ally = L.te_ally(p)
  if not ally then return out end
  local extra = {}
  for _, u in ipairs(game.units { system = s, owner = ally }) do
    if L.def(ally, u.kind).transported and u.carried == nil then extra[#extra + 1] = u end
  end
  if #extra == 0 then return out end
  if game.choose(ally, { key = "te.allow_transport", q = L.pn(p), system = L.sysname(s) }, { "yes", "no" }) ~= "yes" then return out end
  for _, u in ipairs(extra) do out[#out + 1] = u end
  return out
end

local base_capacity = L.capacity
function L.capacity(p, s)
  local cap, used = base_capacity(p, s)
  local ally = L.te_ally(p)
  if not ally then return cap, used end
  local acap, aused = base_capacity(ally, s)
  if acap > aused then cap = cap + (acap - aused) end
  return cap, used
end
L.plain_wrapper(L.capacity, base_capacity, no_allies)

-- Committing: with the ally's consent (asked once per invasion), the
-- ally's ground forces in the space area may be committed too, after p's
-- own; they fight on p's side.
local base_landing = L.landing_units
function L.landing_units(p, s, pl, avail, ctx)
  local out = base_landing(p, s, pl, avail, ctx)
  local ally = L.te_ally(p)
  if not ally or not ctx then return out end
  local theirs = {}
  for _, u in ipairs(game.units { system = s, owner = ally, space = true }) do
    if L.def(ally, u.kind).class == "ground" then theirs[#theirs + 1] = u end
  end
  if #theirs == 0 then return out end
  if ctx.te_ally_commit == nil then
    ctx.te_ally_commit = game.choose(ally, { key = "te.allow_commit", q = L.pn(p), system = L.sysname(s) }, { "yes", "no" }) == "yes"
  end
  if not ctx.te_ally_commit then return out end
  local copy = {}
  for _, u in ipairs(out) do copy[#copy + 1] = u end
  for _, u in ipairs(theirs) do copy[#copy + 1] = u end
  return copy
end

-- The active player's ground forces all destroyed while the ally's fight
-- on: the ally carries on the ground combat, and takes the planet if it
-- wins.
local base_ground_combat = game.procedure_fn("ground_combat")
procedure("ground_combat", function(ctx)
  local r = base_ground_combat(ctx)
  local p, pl = ctx.player, ctx.planet
  local ally = L.te_ally(p)
  if not ally or ctx.te_engage or #L.ground(p, pl) > 0 or L.te_coexisting(ally, pl) or game.planet_owner(pl) == ally then return r end
  if #L.ground(ally, pl) == 0 or #L.ground_combat_opponents(ally, pl, { player = ally, planet = pl }) == 0 then return r end
  local c = { player = ally, active = ctx.active or p, system = ctx.system or game.planet_system(pl), planet = pl }
  game.step("ground_combat", c)
  game.step("establish_control", c)
  return r
end)

-- Establishing control leaves the ally's units on the planet.
local base_control_removes = L.control_removes
function L.control_removes(p, pl, ctx)
  local ally = L.te_ally(p)
  local out = {}
  for _, u in ipairs(base_control_removes(p, pl, ctx)) do
    if u.owner ~= ally then out[#out + 1] = u end
  end
  return out
end

-- Landing on the ally's planets: no ground combat, no control.
local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  local r = base_commit(ctx)
  local ally = L.te_ally(ctx.player)
  if ally then
    for i = #ctx.targets, 1, -1 do
      if game.planet_owner(ctx.targets[i]) == ally then table.remove(ctx.targets, i) end
    end
  end
  return r
end)

-- Space combat: the ally's ships fight on the same side.
local base_side = L.combat_side
function L.combat_side(p, s, ctx)
  local out = base_side(p, s, ctx)
  local ally = L.te_ally(p)
  if ally and #L.ships(ally, s) > 0 then out[#out + 1] = ally end
  return out
end
L.plain_wrapper(L.combat_side, base_side, no_allies)

local base_side_rolls = L.combat_side_rolls
function L.combat_side_rolls(p, rc, ctx)
  local n = base_side_rolls(p, rc, ctx)
  local ally = L.te_ally(p)
  if not ally or #L.ships(ally, rc.system) == 0 then return n end
  rc.mods[ally] = rc.mods[ally] or {}
  return n + L.combat_roll(ally, L.ships(ally, rc.system), rc.mods[ally], "space combat", rc)
end
L.plain_wrapper(L.combat_side_rolls, base_side_rolls, no_allies)

local base_assign = L.assign_combat_hits
function L.assign_combat_hits(p, units, hits, source, rc, roll)
  local ally = L.te_ally(p)
  local s = rc.system
  if not ally or hits <= 0 or #L.ships(ally, s) == 0 then return base_assign(p, units, hits, source, rc, roll) end
  local n = hits
  if #units > 0 then
    local chooser = (rc.active == ally) and ally or p
    local opts = {}
    for i = 0, hits do opts[#opts + 1] = tostring(i) end
    n = tonumber(game.choose(chooser, { key = "te.ally_hits", n = hits, q = L.pn(ally) }, opts))
  end
  if n > 0 then game.log({ key = "te.hits_to_ally", n = n, q = L.pn(ally) }) end
  local a = 0
  if hits - n > 0 then a = base_assign(p, units, hits - n, source, rc, roll) or 0 end
  local b = 0
  if n > 0 then b = base_assign(ally, L.ships(ally, s), n, source, rc, roll) or 0 end
  return a + b
end
L.plain_wrapper(L.assign_combat_hits, base_assign, no_allies)

-- Ground combat: the ally's ground forces on the planet (not coexisting
-- there) fight on the same side, as in a space combat.
local function ally_ground(p, pl)
  local ally = L.te_ally(p)
  if not ally or L.te_coexisting(ally, pl) then return ally, {} end
  return ally, L.ground(ally, pl)
end

local base_opponents = L.ground_combat_opponents
function L.ground_combat_opponents(p, pl, ctx)
  local theirs = base_opponents(p, pl, ctx)
  if not allied() then return theirs end
  local mine = L.te_ally(p)
  local keep = {}
  for _, u in ipairs(theirs) do if u.owner ~= mine then keep[#keep + 1] = u end end
  -- The defender: the planet's owner when their units are there.
  local d = keep[#keep] and keep[#keep].owner
  local o = game.planet_owner(pl)
  for _, u in ipairs(keep) do if u.owner == o then d = o end end
  local dally = d and L.te_ally(d)
  local out = {}
  for _, u in ipairs(keep) do if u.owner ~= dally and u.owner ~= d then out[#out + 1] = u end end
  for _, u in ipairs(keep) do if u.owner == d then out[#out + 1] = u end end
  return out
end

local base_ground_side = L.ground_combat_side_rolls
function L.ground_combat_side_rolls(p, rc, ctx)
  local n = base_ground_side(p, rc, ctx)
  local ally, units = ally_ground(p, rc.planet)
  if #units == 0 then return n end
  rc.mods[ally] = rc.mods[ally] or {}
  return n + L.combat_roll(ally, units, rc.mods[ally], "ground combat", rc)
end

local base_ground_hits = L.assign_ground_hits
function L.assign_ground_hits(p, pl, hits, source, rc)
  local ally, units = ally_ground(p, pl)
  if hits <= 0 or #units == 0 then return base_ground_hits(p, pl, hits, source, rc) end
  local n = hits
  if #L.ground(p, pl) > 0 then
    local chooser = (rc.active == ally) and ally or p
    local opts = {}
    for i = 0, hits do opts[#opts + 1] = tostring(i) end
    n = tonumber(game.choose(chooser, { key = "te.ally_ground_hits", n = hits, q = L.pn(ally), planet = L.name("planets", pl) }, opts))
  end
  if n > 0 then game.log({ key = "te.hits_to_ally_ground", n = n, q = L.pn(ally) }) end
  if hits - n > 0 then base_ground_hits(p, pl, hits - n, source, rc) end
  if n > 0 then base_ground_hits(ally, pl, n, source, rc) end
end

-- Anti-fighter barrage: the ally's ships in the system barrage too, at
-- the other side's fighters (the opponent's, else the opponent's ally's).
local base_afb = game.procedure_fn("anti_fighter_barrage")
procedure("anti_fighter_barrage", function(ctx)
  local r = base_afb(ctx)
  if not allied() or not ctx.system or not ctx.defender then return r end
  local s = ctx.system
  for _, pair in ipairs({ { ctx.player, ctx.defender }, { ctx.defender, ctx.player } }) do
    local ally = L.te_ally(pair[1])
    if ally and ally ~= pair[2] then
      -- The ally's shooters and dice as for its own barrage (L.barrage_shooters:
      -- a galvanized unit's extra die, a silenced player's none; the bonus of
      -- L.unit_ability_roll_bonus and the rerolls of L.ability_rerolls).
      local hits = 0
      local rolled, groups = {}, {}
      for _, x in ipairs(L.barrage_shooters(ally, s)) do
        local r = { { key = "roll_barrage", p = L.pn(ally), unit = x.u.kind }, x.a.dice or 1, x.a.hit - L.unit_ability_roll_bonus(ally, "anti_fighter_barrage", pair[2]) }
        rolled[#rolled + 1] = r
        local h, rolls = game.roll(r[1], r[2], r[3])
        groups[#groups + 1] = { kind = x.u.kind, rolls = rolls, target = r[3], hits = h }
        hits = hits + h
      end
      if #rolled > 0 then hits = L.ability_rerolls(ally, "anti_fighter_barrage", pair[2], hits, rolled, { system = s, groups = groups }) end
      if hits > 0 then L.assign_barrage_hits(pair[2], s, hits, ally) end
    end
  end
  return r
end)
L.plain_wrapper(game.procedure_fn("anti_fighter_barrage"), base_afb, no_allies)

-- An opponent's anti-fighter barrage against a player whose ally also has
-- fighters in the system: the pair's fighters take the hits together. The
-- pair's active player (else the player fired at) says how many go to the
-- ally's fighters; each then picks their own fighters. With fighters on one
-- side of the pair only, all the hits go there.
local function fighter_count(x, s)
  local n = 0
  for _, u in ipairs(L.ships(x, s)) do if L.def(x, u.kind).type == "fighter" then n = n + 1 end end
  return n
end

local base_barrage_hits = L.assign_barrage_hits
function L.assign_barrage_hits(q, s, hits, p)
  local ally = L.te_ally(q)
  if not ally or ally == p or hits <= 0 or not L.abilities_reach(p, ally) or fighter_count(ally, s) == 0 then
    return base_barrage_hits(q, s, hits, p)
  end
  local n = hits
  if fighter_count(q, s) > 0 then
    local chooser = (game.get("game", nil, "active") == ally) and ally or q
    local opts = {}
    for i = 0, hits do opts[#opts + 1] = tostring(i) end
    n = tonumber(game.choose(chooser, { key = "te.ally_barrage_hits", n = hits, q = L.pn(ally) }, opts))
  end
  if n > 0 then game.log({ key = "te.hits_to_ally", n = n, q = L.pn(ally) }) end
  local a, b = 0, 0
  if hits - n > 0 then a = base_barrage_hits(q, s, hits - n, p) or 0 end
  if n > 0 then b = base_barrage_hits(ally, s, n, p) or 0 end
  return a + b
end
L.plain_wrapper(L.assign_barrage_hits, base_barrage_hits, no_allies)

-- Space cannon offense: hits on a player's ships may go to the ally's
-- ships there too (split as in a combat); an ally who joined the tactical
-- action fires their space cannons with the active player's.
local base_cannon_hits = L.assign_cannon_hits
function L.assign_cannon_hits(p, s, hits, volley)
  local ally = L.te_ally(p)
  if not ally or hits <= 0 or #L.ships(ally, s) == 0 then return base_cannon_hits(p, s, hits, volley) end
  local n = hits
  if #L.ships(p, s) > 0 then
    local chooser = (game.get("game", nil, "active") == ally) and ally or p
    local opts = {}
    for i = 0, hits do opts[#opts + 1] = tostring(i) end
    n = tonumber(game.choose(chooser, { key = "te.ally_hits", n = hits, q = L.pn(ally) }, opts))
  end
  if n > 0 then game.log({ key = "te.hits_to_ally", n = n, q = L.pn(ally) }) end
  if hits - n > 0 then base_cannon_hits(p, s, hits - n, volley) end
  if n > 0 then base_cannon_hits(ally, s, n, volley) end
end

game.on("after:space_cannon_offense", function(ctx)
  local ally = joined()
  if not ally or ctx.player ~= game.get("game", nil, "te_joined_with") then return end
  local s = ctx.system
  local rule = L.anomaly_rule(s)
  if rule and rule.no_space_cannon then return end
  local list = {}
  -- (the shooters every space cannon offense asks for: Quietus, scars,
  -- Linkship and Galvanize apply to the ally's cannons as to anyone's)
  for _, t in ipairs(game.within(s, 1, "space_cannon")) do
    for _, x in ipairs(L.space_cannon_shooters(ally, t, s)) do list[#list + 1] = x end
  end
  if #list == 0 then return end
  for _, q in ipairs(L.enemies_in(ally, s)) do
    if q ~= ctx.player and L.abilities_reach(ally, q) and #L.ships(q, s) > 0 then
      local hits = L.fire_cannons(ally, list, q, "space cannon")
      local volley = L.combat_state.last_volley
      local w = game.window("space_cannon_hits", { player = q, shooter = ally, hits = hits, system = s })
      L.assign_cannon_hits(q, s, w.hits, volley)
    end
  end
end, { plain = function() return not joined() end }) -- (no ally joined: nothing fires)

-- A retreat takes the ally's ships in the combat along (the pair fights
-- as one side; none is left behind with the opponent).
local base_retreat_cargo = L.retreat_cargo
function L.retreat_cargo(p, s, t)
  base_retreat_cargo(p, s, t)
  local ally = L.te_ally(p)
  if not ally or #L.ships(ally, s) == 0 then return end
  for _, u in ipairs(game.units { system = s, owner = ally, space = true }) do
    if u.carried == nil then game.move_unit(u.id, { system = t }) end
  end
  game.log({ key = "retreats_to", p = L.pn(ally), system = L.sysname(t) })
  L.enforce_limits(ally, t)
end

-- A hit that an opponent's effect puts on the pair, the opponent picking
-- the ship (Dimensional Splicer, Devotion): any ship of either ally there.
local base_hit_targets = L.opponent_hit_targets
function L.opponent_hit_targets(p, q, s)
  local out = base_hit_targets(p, q, s)
  local ally = L.te_ally(q)
  if not ally or ally == p then return out end
  for _, u in ipairs(L.ships(ally, s)) do out[#out + 1] = u end
  return out
end

-- Abilities and effects: the ally's planets count as p's own; the ally's
-- units and planets are not another player's.
local base_ability_planets = L.ability_planets
function L.ability_planets(p)
  local out = base_ability_planets(p)
  local ally = L.te_ally(p)
  if not ally then return out end
  local copy = { table.unpack(out) }
  for _, pl in ipairs(game.planets_owned(ally)) do copy[#copy + 1] = pl end
  return copy
end

local base_is_ability_planet = L.is_ability_planet
function L.is_ability_planet(p, pl)
  if base_is_ability_planet(p, pl) then return true end
  local ally = L.te_ally(p)
  return ally ~= nil and game.planet_owner(pl) == ally
end

local base_counts_as_other = L.counts_as_other
function L.counts_as_other(p, q)
  local ally = L.te_ally(p)
  if ally and q == ally then return false end
  return base_counts_as_other(p, q)
end

-- Unit abilities are not used against the ally.
local base_reach = L.abilities_reach
function L.abilities_reach(q, p)
  if L.te_ally(q) == p then return false end
  return base_reach(q, p)
end

local base_bombard_planets = L.bombard_planets
function L.bombard_planets(p, s, ctx)
  local ally = L.te_ally(p)
  local list = base_bombard_planets(p, s, ctx)
  if not ally then return list end
  local out = {}
  for _, pl in ipairs(list) do
    local enemy = false
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      if u.owner ~= ally then enemy = true end
    end
    if enemy then out[#out + 1] = pl end
  end
  return out
end

local base_bombard_choices = L.bombard_choices
function L.bombard_choices(p, pl, ctx)
  local ally = L.te_ally(p)
  local list = base_bombard_choices(p, pl, ctx)
  if not ally then return list end
  local out = {}
  for _, c in ipairs(list) do
    if c ~= pl .. "@" .. L.pn(ally) then out[#out + 1] = c end
  end
  return out
end

-- Bombardment: the ally's ships in the system bombard in the same step
-- (each unit's owner picks its planet among those the active player may
-- bombard; the hits on a planet are added and assigned as usual). When the
-- ally joined the tactical action and the pair already bombarded together in
-- the active player's invasion, the ally's own invasion has no bombardment.
local base_bombard_side = L.bombard_side
function L.bombard_side(p, s, ctx)
  local out = base_bombard_side(p, s, ctx)
  if not allied() then return out end
  if joined() == p and game.get("game", nil, "te_pair_bombarded") then return {} end
  local ally = L.te_ally(p)
  if ally and #L.ships(ally, s) > 0 then out[#out + 1] = ally end
  return out
end

local base_scd_units = L.space_cannon_defense_units
function L.space_cannon_defense_units(p, pl, ctx)
  local ally = L.te_ally(p)
  local out = {}
  for _, u in ipairs(base_scd_units(p, pl, ctx)) do
    if u.owner ~= ally then out[#out + 1] = u end
  end
  return out
end

-- Promissory notes received from the ally may be held and passed on, not
-- resolved.
local base_may_resolve = L.may_resolve_note
function L.may_resolve_note(p, o, id)
  if L.te_ally(p) == o then return false end
  return base_may_resolve(p, o, id)
end

-- Abilities reacting to a player activating a system with another player's
-- units, planets or command tokens do not react between allies.
local base_touches = L.activation_touches
function L.activation_touches(a, q)
  if L.te_ally(a) == q then return false end
  return base_touches(a, q)
end

-- Elimination waits while the ally controls a planet.
local base_meets = L.meets_elimination
function L.meets_elimination(p)
  if not base_meets(p) then return false end
  local ally = L.te_ally(p)
  if ally and #game.planets_owned(ally) > 0 then return false end
  return true
end

-- Redistributing command tokens: allies may also exchange planet cards, a
-- card going only to a player with a ground force or structure on that
-- planet (each card once per redistribution; the receiving ally agrees).
-- The card keeps its ready or exhausted state and nothing that happens on
-- gaining a planet is triggered.
local base_redistribute = L.redistribute
function L.redistribute(p)
  local r = base_redistribute(p)
  local ally = L.te_ally(p)
  if not ally or L.eliminated(ally) then return r end
  local done = {}
  while true do
    local opts = { "done" }
    for _, side in ipairs({ { p, ally }, { ally, p } }) do
      local list = {}
      for _, pl in ipairs(game.planets_owned(side[1])) do
        if not done[pl] and game.count_units { planet = pl, owner = side[2] } > 0 then list[#list + 1] = pl end
      end
      table.sort(list)
      for _, pl in ipairs(list) do opts[#opts + 1] = pl end
    end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "te.exchange_planet_card", q = L.pn(ally) }, opts)
    if pick == "done" then break end
    done[pick] = true
    local from = game.planet_owner(pick)
    local to = (from == p) and ally or p
    if game.choose(ally, { key = "te.accept_planet_card", planet = L.name("planets", pick), q = L.pn(p) }, { "yes", "no" }) == "yes" then
      game.set_owner(pick, to)
      game.log({ key = "te.planet_card_exchanged", p = L.pn(from), q = L.pn(to), planet = L.name("planets", pick) })
    end
  end
  return r
end

---------------------------------------------------------------------------
-- The simultaneous tactical action (game prop `te_joined`: the ally who
-- joined the tactical action in progress).
---------------------------------------------------------------------------

game.on("after:activation", function(ctx)
  if not allied() or joined() then return end
  local p, s = ctx.player, ctx.system
  local ally = L.te_ally(p)
  if not ally or not s or L.eliminated(ally) then return end
  if game.counter(ally, "tactic") <= 0 or game.has_token(s, "command", ally) or L.activation_barred(ally, s) then return end
  if game.choose(ally, { key = "te.join_tactical_action", q = L.pn(p), system = L.sysname(s) }, { "no", "yes" }) ~= "yes" then return end
  game.add(ally, "tactic", -1)
  game.place_token(s, "command", ally)
  game.log({ key = "te.joins_tactical_action", p = L.pn(ally), q = L.pn(p), system = L.sysname(s) })
  game.put("game", nil, "te_joined", ally)
  game.put("game", nil, "te_joined_with", p)
end)

local function partner_step(ctx)
  local ally = joined()
  return ally and ctx.player == game.get("game", nil, "te_joined_with") and ally or nil
end

game.on("after:movement", function(ctx)
  local ally = partner_step(ctx)
  if not ally then return end
  game.step("movement", { player = ally, active = ctx.player, system = ctx.system })
end)

-- The active player with no ships left there: the ally fights alone.
game.on("before:invasion", function(ctx)
  local ally = partner_step(ctx)
  if not ally then return end
  local s = ctx.system
  if #L.ships(ctx.player, s) == 0 and #L.ships(ally, s) > 0 and #L.enemies_in(ally, s) > 0 then
    game.step("space_combat", { player = ally, active = ally, system = s, defender = L.enemies_in(ally, s)[1] })
  end
end)

game.on("after:invasion", function(ctx)
  local ally = partner_step(ctx)
  if not ally then return end
  game.step("invasion", { player = ally, active = ally, system = ctx.system })
end)

game.on("after:production", function(ctx)
  local ally = partner_step(ctx)
  if not ally then return end
  game.step("production", { player = ally, active = ally, system = ctx.system })
end)

game.on("after:bombardment", function(ctx)
  if partner_step(ctx) then game.put("game", nil, "te_pair_bombarded", true) end
end)

game.on("after:tactical_action", function(ctx)
  game.put("game", nil, "te_pair_bombarded", nil)
  game.put("game", nil, "te_joined", nil)
  game.put("game", nil, "te_joined_with", nil)
end)

-- What some action cards leave in play for a while, read through the hooks
-- of the shared rules (ti-common, and this pack's races.lua, tactical3.lua,
-- options_b.lua). Each hook hands over to the one below when no card of the
-- kind is in play, so a game where none is played runs as before. The cards'
-- scripts (effects/action_cards/) set the state kept here in game props:
--   unit_grants         fields of a unit type granted to a player for a round
--                       (Enhanced Armor)
--   closed_systems      systems only one player may activate this round
--                       (Diplomatic Immunity)
--   silent_fleet        the fleet that may pass through other players' ships
--                       in one activation (In the Silence of Space)
--   usurper             the player whose Mecatol Rex gives twice its
--                       influence in votes, even exhausted (Usurper)
--   weaponry            the player whose dreadnoughts' and war suns' hits may
--                       not go to fighters in one round of one space battle
--                       (Experimental Weaponry)
--   surprise_assault    the player who will produce at his blockaded docks
--                       after moving (Surprise Assault)
--   temporary_stability  while set, no action cards but Sabotage are played
--                       (Temporary Stability)
-- and the planet prop radiation_card (a radiation counter Star of Death put
-- on a planet, resolved whatever the options).
local L = game.lib
local function round_no() return game.get("game", nil, "round") or 0 end

-- hook: whether shock troops are in the game, so that a card may place them (Advanced Reinforcements); default: Shattered Empire's Shock Troops option is on (a variant that always has them says yes).
function L.shock_troops_in_game() return game.options.shock_troops and true or false end

---------------------------------------------------------------------------
-- Unit fields granted for a round (Enhanced Armor).

-- p's units of type ty have field = value for the rest of this round.
function L.grant_unit_field(p, ty, field, value)
  local list = {}
  for _, g in ipairs(game.get("game", nil, "unit_grants") or {}) do
    if g.round == round_no() then list[#list + 1] = g end
  end
  list[#list + 1] = { player = p, type = ty, field = field, value = value, round = round_no() }
  game.put("game", nil, "unit_grants", list)
  L.reset_cache()
end

local base_unit_def = L.unit_def_this_round
function L.unit_def_this_round(p, t, d)
  d = base_unit_def(p, t, d)
  local list = type(p) == "number" and game.get("game", nil, "unit_grants")
  if not list then return d end
  local ty = d.type or t
  local changed
  for _, g in ipairs(list) do
    if g.player == p and g.type == ty and g.round == round_no() and d[g.field] ~= g.value then
      changed = changed or L.deep_copy(d)
      changed[g.field] = g.value
    end
  end
  return changed or d
end

---------------------------------------------------------------------------
-- Systems closed to other players for a round (Diplomatic Immunity).

-- For the rest of this round only p may activate system s.
function L.close_system(p, s)
  local list = {}
  for _, c in ipairs(game.get("game", nil, "closed_systems") or {}) do
    if c.round == round_no() then list[#list + 1] = c end
  end
  list[#list + 1] = { player = p, system = s, round = round_no() }
  game.put("game", nil, "closed_systems", list)
end

local base_barred = L.activation_barred
function L.activation_barred(p, s)
  for _, c in ipairs(game.get("game", nil, "closed_systems") or {}) do
    if c.system == s and c.player ~= p and c.round == round_no() then return true end
  end
  return base_barred(p, s)
end

---------------------------------------------------------------------------
-- A fleet passing through other players' ships (In the Silence of Space):
-- in the activation of `target`, p's ships in `system` with a move of 2 or
-- more may pass through systems holding other players' ships (they still
-- may not end their move there, but in the activated system).

-- hook: whether p's ship u may pass through other players' ships on its way to `target` (default: it is in the fleet In the Silence of Space named for this activation and has a move of 2 or more).
function L.passes_through_ships(p, u, target)
  local f = game.get("game", nil, "silent_fleet")
  return f ~= nil and f.player == p and f.target == target and u.system == f.system
    and L.move_value(p, u, u.system) >= 2
end

local function through_rules(rules)
  return { blocked = rules.blocked, stop = {}, free_exit = rules.free_exit }
end

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if not game.get("game", nil, "silent_fleet") or type(p) ~= "number" then return out end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p)
      and L.def(p, u.kind).class == "ship" and L.passes_through_ships(p, u, target) then
      local cost = game.move_cost(u.system, target, through_rules(rules))
      if cost and cost <= L.move_value(p, u, u.system) then
        local found
        for _, m in ipairs(out) do if m.unit.id == u.id then found = m end end
        if not found then
          out[#out + 1] = { unit = u, cost = cost, through = true }
        elseif cost < found.cost then
          found.cost, found.through = cost, true
        end
      end
    end
  end
  return out
end

-- A ship that passes through others' ships checks for a gravity rift with
-- its own path.
local base_rift_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  if m.through then rules = through_rules(rules) end
  return base_rift_cost(p, m, from, target, rules)
end

game.on("after:movement", function(ctx)
  if game.get("game", nil, "silent_fleet") then game.put("game", nil, "silent_fleet", nil) end
end)

---------------------------------------------------------------------------
-- Usurper: while p controls Mecatol Rex, it gives him twice its influence
-- in votes, ready or exhausted. The card goes once he no longer controls it.
local MECATOL = "mecatol_rex"

local base_planet_votes = L.planet_votes
function L.planet_votes(p, pl, ready)
  if pl == MECATOL and game.get("game", nil, "usurper") == p and game.planet_owner(pl) == p then
    return 2 * (L.pdef(pl).influence or 0)
  end
  return base_planet_votes(p, pl, ready)
end

-- The card leaves play once its player no longer controls Mecatol Rex.
function L.check_usurper()
  local p = game.get("game", nil, "usurper")
  if p and game.planet_owner(MECATOL) ~= p then
    game.put("game", nil, "usurper", nil)
    game.log({ key = "ti3.usurper_discarded", card = L.name("action_cards", "usurper"), p = L.pn(p), planet = L.name("planets", MECATOL) })
  end
end
game.on("turn_end", function() L.check_usurper() end)
game.on("before:agenda", function() L.check_usurper() end)

---------------------------------------------------------------------------
-- Experimental Weaponry: in one round of a space battle, the hits of the
-- player's dreadnoughts and war suns go to ships other than fighters while
-- the opponent has any there. Those hits are assigned first, then the rest.
local WEAPONRY_TYPES = { dreadnought = true, war_sun = true }

local base_combat_hits = L.assign_combat_hits
function L.assign_combat_hits(p, units, hits, source, rc, roll)
  local w = game.get("game", nil, "weaponry")
  if not (w and w.player == source and rc and w.system == rc.system and w.round == rc.round and roll and hits > 0) then
    return base_combat_hits(p, units, hits, source, rc, roll)
  end
  local big = 0
  for _, g in ipairs(roll.groups or {}) do
    if WEAPONRY_TYPES[L.def(source, g.kind).type or g.kind] then big = big + (g.hits or 0) end
  end
  big = math.min(big, hits)
  if big == 0 then return base_combat_hits(p, units, hits, source, rc, roll) end
  local n = L.assign_hits(p, units, big, "space combat", { source = source, prefer_non_fighters = true })
  if hits > big then
    local left = {}
    for _, u in ipairs(units) do if game.unit_exists(u.id) then left[#left + 1] = u end end
    n = n + L.assign_hits(p, left, hits - big, "space combat", { source = source })
  end
  return n
end

-- (Both only clear what a played card left.)
game.on("combat_round_end", function(ctx)
  local w = game.get("game", nil, "weaponry")
  if w and w.system == ctx.system and w.round == ctx.round then game.put("game", nil, "weaponry", nil) end
end, { plain = true })

---------------------------------------------------------------------------
-- Surprise Assault: once the player's ships (if any) have moved, his
-- blockaded space docks in the activated system produce, ships included;
-- the tactical action then goes on (a space battle if both sides have ships
-- there). The production step runs with ctx.surprise_assault.
local base_prod_blockaded = L.production_blockaded
function L.production_blockaded(ctx)
  if ctx.surprise_assault then return false end
  return base_prod_blockaded(ctx)
end

game.on("after:movement", function(ctx)
  local sa = game.get("game", nil, "surprise_assault")
  if not sa then return end
  game.put("game", nil, "surprise_assault", nil)
  if sa.player ~= ctx.player or sa.system ~= ctx.system then return end
  game.log({ key = "ti3.surprise_assault_produces", p = L.pn(sa.player), system = L.sysname(sa.system) })
  -- (No `active`: new space docks are built only in the production step of
  -- the player's own tactical action.)
  game.step("production", { player = sa.player, system = sa.system, surprise_assault = true })
end)

---------------------------------------------------------------------------
-- Temporary Stability: no action card but Sabotage is played until the next
-- status phase. At the start of his turn a player with three action cards
-- or more may discard three of them to end it.
local base_may_play = L.may_play_action_card
function L.may_play_action_card(p, id, ctx)
  if game.get("game", nil, "temporary_stability") and id ~= "sabotage" then return false end
  return base_may_play(p, id, ctx)
end

game.on("turn_start", function(ctx)
  local p = ctx.player
  if not game.get("game", nil, "temporary_stability") or type(p) ~= "number" then return end
  if game.zone_count("actions:" .. p) < 3 then return end
  local card = L.name("action_cards", "temporary_stability")
  if game.choose(p, { key = "ti3.stability_cancel", card = card }, { "no", "yes" }) ~= "yes" then return end
  for _ = 1, 3 do
    local hand = {}
    local seen = {}
    for _, c in ipairs(game.zone("actions:" .. p)) do
      if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
    end
    table.sort(hand)
    local c = game.choose(p, { key = "ti3.stability_discard", card = card }, hand)
    game.move_card(c, "actions:" .. p, "discard:actions")
    game.log({ key = "ti3.discards_card_for", p = L.pn(p), card = L.name("action_cards", c), name = card })
  end
  game.put("game", nil, "temporary_stability", nil)
  game.log({ key = "ti3.stability_cancelled", card = card })
end)

game.on("before:status_phase", function()
  if game.get("game", nil, "temporary_stability") then
    game.put("game", nil, "temporary_stability", nil)
    game.log({ key = "ti3.stability_ends", card = L.name("action_cards", "temporary_stability") })
  end
end)

---------------------------------------------------------------------------
-- What lasts for one activation or one battle ends with it at the latest
-- (an activation whose movement never came, a battle ended early).
game.on("after:tactical_action", function()
  if game.get("game", nil, "silent_fleet") then game.put("game", nil, "silent_fleet", nil) end
  if game.get("game", nil, "surprise_assault") then game.put("game", nil, "surprise_assault", nil) end
end)
game.on("after:space_combat", function()
  if game.get("game", nil, "weaponry") then game.put("game", nil, "weaponry", nil) end
end, { plain = true })

---------------------------------------------------------------------------
-- The end of the round ends what lasts for it.
game.on("after:status_phase", function()
  if game.get("game", nil, "unit_grants") then
    game.put("game", nil, "unit_grants", nil)
    L.reset_cache()
  end
  if game.get("game", nil, "closed_systems") then game.put("game", nil, "closed_systems", nil) end
end)

---------------------------------------------------------------------------
-- A radiation counter placed by Star of Death is resolved whatever the
-- options (planet prop radiation_card).
local base_counter_live = L.domain_counter_live
function L.domain_counter_live(pl)
  if game.get("planet", pl, "radiation_card") then return true end
  return base_counter_live(pl)
end

---------------------------------------------------------------------------
-- Fantastic Rhetoric adds 10 influence to a vote: a player with no votes of
-- his own (every planet exhausted) who holds the card may still pick an
-- outcome, so as to play it when his vote is cast (votes_cast); not a race
-- that may never vote (the `no_votes` flag: Nekro Virus).
local base_casts_zero_votes = L.casts_zero_votes
function L.casts_zero_votes(p, id)
  if not game.get("game", nil, "ac_lock") and L.flag(p, "no_votes") == 0 then
    for _, c in ipairs(game.zone("actions:" .. p)) do
      if c == "fantastic_rhetoric" then return true end
    end
  end
  return base_casts_zero_votes(p, id)
end

-- Such a player who then leaves the card in his hand has cast no votes: an
-- abstention (he is no voter for the outcome he named, e.g. for Mutiny).
-- After the cards the players hold (priority below 0).
game.on("votes_cast", function(ctx)
  if not ctx.abstain and (ctx.votes or 0) == 0 and ctx.player and L.votes(ctx.player) == 0 then
    ctx.abstain = true
  end
end, { priority = -10 })

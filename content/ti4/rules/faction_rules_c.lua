-- Faction abilities, technologies and units of the Nekro Virus, Sardakk
-- N'orr, Winnu, Yin Brotherhood and Yssaril Tribes that change how a shared
-- procedure or helper works, rather than reacting in a window:
-- Galactic Threat and Propagation (Nekro), the Alastor's ground forces
-- fighting as ships, the Winnu's starting technology, Blood Ties and the
-- Winnu flagship's dice, Hegemonic Trade Policy's swapped planet, Scheming,
-- Crafty and Transparasteel Plating (Yssaril), and the Yssaril flagship's
-- movement. Also the helper the Nekro's abilities share to take a
-- technology (with the Valefar Assimilators).
-- Each wrapper leaves the wrapped code alone unless its ability, technology
-- or unit is held by the player concerned, so games without these factions
-- ask the same questions as before. Everything is registered as the pack
-- loads (this file comes after faction_rules.lua in pack.yaml's `rules:`).
local L = game.lib

local function wrap_procedure(name, make)
  procedure(name, make(game.procedure_fn(name)))
end

local function holds_ability(p, id) return p ~= nil and game.holds(p, "abilities", id) end
local function holds_tech(p, id) return p ~= nil and game.holds(p, "techs", id) end

---------------------------------------------------------------------------
-- Nekro Virus: taking another player's technology (Galactic Threat,
-- Technological Singularity), and the Valefar Assimilators.
---------------------------------------------------------------------------
local ASSIMILATORS = { "valefar_assimilator_x", "valefar_assimilator_y" }

-- The assimilator tokens p may still place (held, token not yet placed).
local function free_assimilators(p)
  local out = {}
  for _, a in ipairs(ASSIMILATORS) do
    if holds_tech(p, a) and not game.get("player", p, "assimilated:" .. a) then out[#out + 1] = a end
  end
  return out
end

local function assimilated(tech)
  for p = 1, game.num_players() do
    for _, a in ipairs(ASSIMILATORS) do
      if game.get("player", p, "assimilated:" .. a) == tech then return true end
    end
  end
  return false
end

-- The unit type a technology upgrades (nil for one that is no unit upgrade).
local function upgrade_type(t)
  local u = game.data.techs[t] and game.data.techs[t].unit
  local d = u and game.data.units[u]
  return d and d.type
end

-- The assimilator token p has on a unit upgrade of type `typ`, if any
-- (LRR 97.1a: a new upgrade of that type takes that token).
local function token_on_type(p, typ)
  if not typ then return nil end
  for _, a in ipairs(ASSIMILATORS) do
    local t0 = game.get("player", p, "assimilated:" .. a)
    if t0 and upgrade_type(t0) == typ then return a end
  end
  return nil
end

-- hook: whether Nekro player p may use Technological Singularity against
-- opponent `opp` in the combat starting now (default: yes).
function L.singularity_allowed(p, opp) return true end

-- p takes one technology owned by one of `owners` through ability `ability`
-- (no prerequisites: it is gained, not researched). The options are each
-- such technology p lacks that is not a faction technology; with a free
-- Valefar Assimilator, also "<assimilator>:<tech>" for each faction
-- technology of those players without a token: the token goes on it and p
-- holds its effect. "none" declines. Returns the technology taken, or nil.
function L.nekro_take_tech(p, owners, ability)
  local seen, opts = {}, { "none" }
  local free = free_assimilators(p)
  table.sort(owners)
  for _, q in ipairs(owners) do
    for _, t in ipairs(game.holdings(q, "techs")) do
      local d = game.data.techs[t]
      if d and not seen[t] and not game.holds(p, "techs", t) then
        seen[t] = true
        if not d.faction then
          opts[#opts + 1] = t
        elseif not assimilated(t) then
          -- A unit upgrade of a type p already copied replaces that one,
          -- under the same token (LRR 97.1a).
          local same = token_on_type(p, upgrade_type(t))
          if same then opts[#opts + 1] = same .. ":" .. t
          else
            for _, a in ipairs(free) do opts[#opts + 1] = a .. ":" .. t end
          end
        end
      end
    end
  end
  if #opts == 1 then return nil end
  local pick = game.choose(p, { key = "ti4.nekro_take_tech", ability = L.name("abilities", ability) }, opts)
  if pick == "none" then return nil end
  local a, t = pick:match("^([%w_]+):([%w_]+)$")
  if a then
    local old = game.get("player", p, "assimilated:" .. a)
    if old then
      game.revoke(p, "techs", old)
      game.log({ key = "ti4.nekro_upgrade_replaced", p = L.pn(p), tech = L.name("techs", old), card = L.name("techs", a) })
    end
    game.put("player", p, "assimilated:" .. a, t)
    game.grant(p, "techs", t)
    L.reset_cache()
    game.log({ key = "ti4.nekro_assimilates", p = L.pn(p), card = L.name("techs", a), tech = L.name("techs", t), id = t,
      ability = L.name("abilities", ability) })
  else
    t = pick
    game.grant(p, "techs", t)
    L.reset_cache()
    game.log({ key = "ti4.nekro_gains_tech", p = L.pn(p), tech = L.name("techs", t), id = t, ability = L.name("abilities", ability) })
  end
  -- Gained, not researched.
  game.window("tech_gained", { player = p, tech = t, gained = true })
  return t
end

-- A unit upgrade under a Valefar Assimilator token upgrades the Nekro's
-- units of its type, whatever their name (LRR 90.21, 97.1a): L.def gives
-- that unit for the type. Per player, the types so upgraded are kept until
-- L.reset_cache (which every change of technologies calls).
local base_def, base_reset_cache = L.def, L.reset_cache
local assimilated_units = {}
function L.reset_cache()
  assimilated_units = {}
  return base_reset_cache()
end
local function assimilated_unit_types(p)
  local c = assimilated_units[p]
  if c == nil then
    c = false
    for _, a in ipairs(ASSIMILATORS) do
      local t = game.get("player", p, "assimilated:" .. a)
      local u = t and game.data.techs[t] and game.data.techs[t].unit
      local d = u and game.data.units[u]
      if d then
        c = c or {}
        c[d.type] = d
      end
    end
    assimilated_units[p] = c
  end
  return c
end
function L.def(p, t)
  if type(p) == "number" then
    local c = assimilated_unit_types(p)
    if c and c[t] then return c[t] end
  end
  return base_def(p, t)
end
L.plain_wrapper(L.def, base_def, function()
  for p = 1, game.num_players() do
    if assimilated_unit_types(p) then return false end
  end
  return true
end)

-- Galactic Threat: the holder never votes (its prediction is
-- effects/factions/galactic_threat.lua).
local base_forced_vote = L.forced_vote
function L.forced_vote(p, id, opts)
  if holds_ability(p, "galactic_threat") then return "abstain" end
  return base_forced_vote(p, id, opts)
end

-- Propagation: the holder cannot research; every way of researching offers
-- it the one option "propagation", and researching it gives 3 command
-- tokens, placed one by one in the pools (as many as its reinforcements
-- hold).
local PROPAGATION = "propagation"
local base_can_research = L.can_research
function L.can_research(p, id)
  if holds_ability(p, PROPAGATION) then return false end
  return base_can_research(p, id)
end

local base_researchable = L.researchable
function L.researchable(p)
  if holds_ability(p, PROPAGATION) then return { PROPAGATION } end
  return base_researchable(p)
end

local base_gain_tech = L.gain_tech
function L.gain_tech(p, id)
  if not holds_ability(p, PROPAGATION) then return base_gain_tech(p, id) end
  local n = math.min(3, L.reinforcements(p))
  for _ = 1, n do
    game.add(p, game.choose(p, { key = "ti4.place_command_token" }, L.token_pools(p)), 1)
  end
  game.log({ key = "ti4.propagation", p = L.pn(p), n = n, ability = L.name("abilities", PROPAGATION) })
end

-- The Alastor (Nekro flagship): ground forces chosen as a space combat
-- starts (unit prop `as_ship`, effects/factions/nekro.lua) count among their
-- owner's ships in that system until the combat ends.
local base_ships = L.ships
function L.ships(p, s)
  local out = base_ships(p, s)
  if p == 0 or not game.get("player", p, "alastor") then return out end
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if u.carried == nil and game.get("unit", u.id, "as_ship") then out[#out + 1] = u end
  end
  return out
end
local function nobody_alastor()
  for p = 1, game.num_players() do
    if game.get("player", p, "alastor") then return false end
  end
  return true
end
L.plain_wrapper(L.ships, base_ships, nobody_alastor)

---------------------------------------------------------------------------
-- Starting units on a home system with two planets: the faction sheets of
-- the Sardakk N'orr and the Yssaril Tribes split their ground forces and
-- structures between the planets (asyncti4 factions/base.json,
-- startingFleet), where L.place_starting_units puts them all on the first.
-- After the usual set-up, these counts are moved to their planet.
---------------------------------------------------------------------------
local STARTING_PLANETS = {
  sardakk = { quinarra = { infantry = 3, space_dock = 1 }, trenlak = { infantry = 2, pds = 1 } },
  yssaril = { retillion = { infantry = 3, space_dock = 1 }, shalloq = { infantry = 2, pds = 1 } },
}
wrap_procedure("setup_player", function(base)
  return function(p)
    local r = base(p)
    local places = STARTING_PLANETS[game.get("player", p, "faction")]
    if places then
      local home = L.home(p)
      for _, pl in ipairs(game.keys(places)) do
        for _, kind in ipairs(game.keys(places[pl])) do
          local want = places[pl][kind] - game.count_units { owner = p, kind = kind, planet = pl }
          for _, u in ipairs(game.units { owner = p, kind = kind, system = home }) do
            if want <= 0 then break end
            if u.planet and u.planet ~= pl and game.count_units { owner = p, kind = kind, planet = u.planet } > ((places[u.planet] or {})[kind] or 0) then
              game.move_unit(u.id, { planet = pl })
              want = want - 1
            end
          end
        end
      end
    end
    return r
  end
end)

---------------------------------------------------------------------------
-- Winnu
---------------------------------------------------------------------------
-- The Winnu faction sheet gives one technology without prerequisites of the
-- player's choice (not a faction technology).
local CHOOSE_STARTING_TECH = { winnu = true }
--- p chooses one starting technology among L.starting_tech_options(p), if any.
function L.choose_starting_tech(p)
  local opts = L.starting_tech_options(p)
  if #opts == 0 then return end
  local t = game.choose(p, { key = "ti4.starting_tech" }, opts)
  game.grant(p, "techs", t)
  L.reset_cache()
  game.log({ key = "ti4.starts_with_tech", p = L.pn(p), tech = L.name("techs", t), id = t })
end

wrap_procedure("setup_player", function(base)
  return function(p)
    local r = base(p)
    if L.chooses_starting_tech(p) then L.choose_starting_tech(p) end
    return r
  end
end)

-- Blood Ties: the holder removes the custodians token without spending
-- influence (and still gains its victory point).
wrap_procedure("before_landing", function(base)
  return function(ctx)
    local pd = L.pdef(ctx.planet)
    if pd.custodians and game.get("game", nil, "custodians") and holds_ability(ctx.player, "blood_ties") then
      game.put("game", nil, "custodians", false)
      game.log({ key = "ti4.removes_custodians_free", p = L.pn(ctx.player), ability = L.name("abilities", "blood_ties") })
      L.gain_vp(ctx.player, 1, "custodians token")
      return ctx.count
    end
    return base(ctx)
  end
end)

-- Salai Sai Corian (Winnu flagship): in a space combat it rolls one die for
-- each non-fighter ship its opponent has in the system. Ground forces that
-- fight as ships beside The Alastor count as such ships (one die each; they
-- are among L.ships while the combat lasts).
local base_combat_dice = L.combat_dice
function L.combat_dice(p, kind, units, dice, label, rc)
  if L.has_flagship_ability(p, kind, "winnu_flagship") and rc and rc.system and not rc.ground then
    local q = (rc.attacker == p) and rc.defender or rc.attacker
    local n = 0
    for _, u in ipairs(L.ships(q, rc.system)) do
      local d = L.def(q, u.kind)
      if d.type ~= "fighter" then n = n + 1 end
    end
    return n * #units
  end
  return base_combat_dice(p, kind, units, dice, label, rc)
end
-- A fight with no Winnu player is left as it was (combat plans, rules/sim.lua).
L.plain_wrapper(L.combat_dice, base_combat_dice, function()
  for p = 1, game.num_players() do
    local fac = L.faction(p)
    if fac and fac.units and L.has_flagship_ability(p, "flagship", "winnu_flagship") then return false end
  end
  return true
end)

-- Hegemonic Trade Policy: while a production step runs with a swapped
-- planet (game prop `htp_swap`, effects/techs/hegemonic_trade_policy.lua),
-- that planet's resource and influence values trade places.
local base_pdef = L.pdef
local swapped = {}
function L.pdef(id)
  local d = base_pdef(id)
  if id ~= nil and game.get("game", nil, "htp_swap") == id then
    local c = swapped[id]
    if not c then
      c = {}
      for k, v in pairs(d) do c[k] = v end
      c.resources, c.influence = d.influence, d.resources
      swapped[id] = c
    end
    return c
  end
  return d
end

---------------------------------------------------------------------------
-- Yssaril Tribes
---------------------------------------------------------------------------
-- Scheming: drawing one or more action cards, the holder draws one more,
-- then discards one card of its choice. The status phase's draw (with the
-- Neural Motivator's extra card drawn before it) counts as one draw: it is
-- deferred to the end of the draw step.
local SCHEMING = "scheming"
local base_draw = L.draw
local function scheme(p)
  local extra = base_draw("deck:actions", "discard:actions", "actions:" .. p, 1)
  if #extra == 0 and game.zone_count("actions:" .. p) == 0 then return end
  local hand = {}
  local seen = {}
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  table.sort(hand)
  local c = game.choose(p, { key = "ti4.scheming_discard", ability = L.name("abilities", SCHEMING) }, hand)
  L.discard_action_card(p, c)
  game.log({ key = "ti4.scheming", p = L.pn(p), n = #extra, ability = L.name("abilities", SCHEMING) })
end

function L.draw(deckname, discard, to, n)
  local got = base_draw(deckname, discard, to, n)
  local p = tonumber((to or ""):match("^actions:(%d+)$"))
  if p and #got > 0 and holds_ability(p, SCHEMING) and not game.get("player", p, "scheming_deferred") then
    scheme(p)
  end
  return got
end

game.on("before:draw_action_cards", function(ctx)
  for p = 1, game.num_players() do
    if holds_ability(p, SCHEMING) then game.put("player", p, "scheming_deferred", true) end
  end
end, { priority = 10 })
game.on("after:draw_action_cards", function(ctx)
  for _, p in ipairs(L.initiative_order()) do
    if game.get("player", p, "scheming_deferred") then
      game.put("player", p, "scheming_deferred", nil)
      scheme(p)
    end
  end
end, { priority = 10 })

-- Crafty: no hand limit for the holder.
wrap_procedure("hand_limit", function(base)
  return function(p)
    if holds_ability(p, "crafty") then return end
    return base(p)
  end
end)

-- Transparasteel Plating: in the holder's turn of the action phase, a
-- player who has passed (game prop `passed:<p>`, rules/round.lua) cannot
-- play an action card: the card stays in hand.
wrap_procedure("play_optional", function(base)
  return function(p, coll, id, ctx)
    local active = game.get("game", nil, "active")
    if coll == "action_cards" and active and active ~= p and holds_tech(active, "transparasteel_plating")
      and game.get("game", nil, "passed:" .. p) then
      game.log({ key = "ti4.cannot_play_passed", p = L.pn(p), card = L.name("action_cards", id), tech = L.name("techs", "transparasteel_plating") })
      return false
    end
    return base(p, coll, id, ctx)
  end
end)

-- Y'sia Y'ssrila (Yssaril flagship): it moves through systems holding other
-- players' ships.
local function through_ships(p, u)
  return L.has_flagship_ability(p, u, "yssaril_flagship")
end
local function no_stops(rules)
  return { blocked = rules.blocked, stop = {}, free_exit = rules.free_exit }
end

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if not L.has_flagship_ability(p, "flagship", "yssaril_flagship") then return out end
  local listed = {}
  for _, m in ipairs(out) do listed[m.unit.id] = true end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if not listed[u.id] and u.carried == nil and u.system ~= target and through_ships(p, u)
      and not game.has_token(u.system, "command", p) then
      local cost = game.move_cost(u.system, target, no_stops(rules))
      if cost and cost <= L.move_value(p, u, u.system) then out[#out + 1] = { unit = u, cost = cost } end
    end
  end
  return out
end

local base_rift_check_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  if through_ships(p, m.unit) then
    return game.move_cost(from, target, { blocked = rules.blocked, stop = {} })
  end
  return base_rift_check_cost(p, m, from, target, rules)
end

-- p may destroy one of `units` (an ability's cost): asks with `prompt` (a
-- keyed prompt; options "no" and each unit), destroys the one picked with
-- `how` (L.destroy_unit's ctx) and returns it; nil when p declines.
function L.offer_sacrifice(p, units, prompt, how)
  local opts = { "no" }
  for _, u in ipairs(units) do opts[#opts + 1] = u.kind .. "#" .. u.id end
  local pick = game.choose(p, prompt, opts)
  if pick == "no" then return nil end
  local id = tonumber(pick:match("#(%d+)$"))
  for _, u in ipairs(units) do
    if u.id == id then
      L.destroy_unit(u, how)
      return u
    end
  end
end

--- Whether p's faction sheet lets p choose a starting technology at set-up (default: the Winnu).
function L.chooses_starting_tech(p) return CHOOSE_STARTING_TECH[game.get("player", p, "faction")] == true end
--- The technologies p may choose from at set-up (default: every technology without prerequisites that is not a faction's and that p lacks), sorted.
function L.starting_tech_options(p)
  local opts = {}
  for _, id in ipairs(game.keys(game.data.techs)) do
    local d = game.data.techs[id]
    if not d.faction and next(d.requires or {}) == nil and not game.holds(p, "techs", id) then opts[#opts + 1] = id end
  end
  return opts
end

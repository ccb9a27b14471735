-- Faction abilities and technologies that change how a shared procedure or
-- helper works, rather than reacting in a window: Analytical and Brilliant
-- (Jol-Nar), Inheritance Systems (L1Z1X), Arbiters (Hacan), and the hook
-- that lets some hits of a space combat roll be bound to non-fighter ships
-- (the L1Z1X flagship, effects/factions/l1z1x.lua).
-- Each wrapper leaves the wrapped code alone unless the ability or the
-- technology is held by someone concerned, so games and scenarios without
-- them ask the same questions as before.
-- Everything here is registered as the pack loads: this file comes after
-- game.lua and round.lua in pack.yaml's `rules:` list, so the procedures it
-- wraps (transaction, strategic_action) are defined by then.
local L = game.lib

-- Wraps procedure `name`: make(base) returns the new procedure.
local function wrap_procedure(name, make)
  procedure(name, make(game.procedure_fn(name)))
end

local function holds_ability(p, id) return p ~= nil and game.holds(p, "abilities", id) end

---------------------------------------------------------------------------
-- Flagship abilities. Whether a unit has the text abilities of a flagship
-- is asked here, never by comparing unit ids, so that another unit may be
-- given them (ti4-te: Valefar Assimilator Z gives the Nekro flagship the
-- abilities of another faction's flagship). A flagship ability that reacts
-- in a window is its faction's script (factions.yaml `script:`, checking
-- L.has_flagship_ability); an ability that is a unit field (Jol-Nar's
-- `bonus_hits`, Letnev's `removes_planetary_shield`) is read through
-- L.flagship_field.
---------------------------------------------------------------------------

--- The flagships whose text abilities unit `u` of player p has (u: a unit or a unit kind), as a list of unit ids. Default: the unit's own definition when it is a flagship. A child pack may add other flagships' ids (ti4-te: Valefar Assimilator Z).
function L.flagship_abilities(p, u)
  local kind = type(u) == "table" and u.kind or u
  local d = L.def(p, kind)
  if d.type == "flagship" then return { d.id } end
  return {}
end

--- Whether unit `u` of player p (a unit or a unit kind) has the text abilities of flagship `fid` (a unit id such as "hacan_flagship"); asks L.flagship_abilities.
function L.has_flagship_ability(p, u, fid)
  for _, id in ipairs(L.flagship_abilities(p, u)) do
    if id == fid then return true end
  end
  return false
end

--- The value of unit field `field` that unit `u` of player p has, itself or through a flagship's abilities (its own definition's value when set, else the first the flagships L.flagship_abilities names have), and the unit id it comes from.
function L.flagship_field(p, u, field)
  local kind = type(u) == "table" and u.kind or u
  local d = L.def(p, kind)
  if d[field] then return d[field], d.id end
  for _, id in ipairs(L.flagship_abilities(p, u)) do
    local f = game.data.units[id]
    if id ~= d.id and f and f[field] then return f[field], id end
  end
  return d[field], d.id
end

--- Whether unit `u` of player p takes away the planetary shields in its system: its definition's `removes_planetary_shield`, or a flagship's whose abilities it has (Arc Secundus, the Letnev flagship; L.flagship_field).
function L.removes_shield(p, u)
  return (L.flagship_field(p, u, "removes_planetary_shield"))
end
local function holds_tech(p, id) return p ~= nil and game.holds(p, "techs", id) end

---------------------------------------------------------------------------
-- Researching: Analytical and Inheritance Systems.
--
-- Analytical (Jol-Nar): researching a technology that is not a unit upgrade,
-- one prerequisite symbol may be ignored.
-- Inheritance Systems (L1Z1X): researching a technology, the player may
-- exhaust this card and spend 2 resources to ignore all of its
-- prerequisites.
-- L.can_research (and so L.researchable, which every way of researching in
-- the pack uses) lets through what these make possible; L.gain_tech, which
-- researches, then uses them: Inheritance Systems when the technology could
-- not be researched otherwise, or, when it could but only by exhausting
-- planets with technology specialties, if the player says so; Analytical
-- whenever a symbol is missing (ignoring a prerequisite costs nothing, so it
-- is always used; with several colours missing the player picks the one to
-- ignore, the others being covered by specialty planets as usual).
-- Not modelled: researching a technology with Inheritance Systems when the
-- resources are spent first (the Technology card's extra technology for 6,
-- its secondary for 4) checks the 2 resources before that payment.
---------------------------------------------------------------------------
local ANALYTICAL, INHERITANCE = "analytical", "inheritance_systems"
local INHERITANCE_USED = "used:" .. INHERITANCE

-- Missing prerequisite symbols of `id` for p after their own technologies,
-- by colour, and the ready planets with each specialty.
local function shortfall(p, id)
  local d = game.data.techs[id]
  local have = L.tech_colors(p)
  local miss, total = {}, 0
  for _, color in ipairs(game.keys(d.requires or {})) do
    local need = d.requires[color] - (have[color] or 0)
    if need > 0 then miss[color] = need; total = total + need end
  end
  local spec = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    for _, s in ipairs(L.planet_specialties(pl)) do spec[s] = (spec[s] or 0) + 1 end
  end
  return miss, total, spec
end

-- Whether specialty planets cover the missing symbols, one colour's count
-- lowered by one (`ignored`) if given.
local function covered(miss, spec, ignored)
  for _, color in ipairs(game.keys(miss)) do
    local need = miss[color] - ((color == ignored) and 1 or 0)
    if need > (spec[color] or 0) then return false end
  end
  return true
end

local function analytical(p, id)
  return holds_ability(p, ANALYTICAL) and game.data.techs[id].unit == nil
end

--- hook: how many prerequisite symbols p may leave out when researching technology id (Analytical: 1, for anything but a unit upgrade); ti4's own research reads Analytical directly, a pack that researches another way (ti4-te's synergy) asks this; default: as said.
function L.prerequisites_skippable(p, id) return analytical(p, id) and 1 or 0 end

local function inheritance_ready(p)
  return holds_tech(p, INHERITANCE) and not game.get("player", p, INHERITANCE_USED)
    and L.spendable(p, "resources") >= 2
end

-- Colours whose symbol Analytical may ignore so that the rest is covered.
local function analytical_choices(miss, spec)
  local out = {}
  for _, color in ipairs(game.keys(miss)) do
    if covered(miss, spec, color) then out[#out + 1] = color end
  end
  return out
end

local base_can_research = L.can_research
function L.can_research(p, id)
  if base_can_research(p, id) then return true end
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return false end
  if d.faction and d.faction ~= game.get("player", p, "faction") then return false end
  if analytical(p, id) then
    local miss, _, spec = shortfall(p, id)
    if #analytical_choices(miss, spec) > 0 then return true end
  end
  return inheritance_ready(p)
end

-- The end of researching, as L.gain_tech does it, once the prerequisites
-- are dealt with.
local function take_tech(p, id)
  game.grant(p, "techs", id)
  L.reset_cache()
  game.log({ key = "ti4.researches", p = L.pn(p), tech = L.name("techs", id), id = id })
  game.window("tech_gained", { player = p, tech = id })
end

local function exhaust_specialties(p, miss, ignored)
  local ready, used = L.ready_planets(p), {}
  for _, color in ipairs(game.keys(miss)) do
    local need = miss[color] - ((color == ignored) and 1 or 0)
    -- a planet already exhausted for another colour first (two specialties)
    for _, pl in ipairs(ready) do
      if need > 0 and used[pl] then need = need - L.specialty_count(pl, color) end
    end
    for _, pl in ipairs(ready) do
      if need <= 0 then break end
      local k = L.specialty_count(pl, color)
      if k > 0 and not used[pl] then game.exhaust(pl, true); used[pl] = true; need = need - k end
    end
  end
end

local base_gain_tech = L.gain_tech
function L.gain_tech(p, id)
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return base_gain_tech(p, id) end
  local miss, total, spec = shortfall(p, id)
  if total == 0 then return base_gain_tech(p, id) end
  local plain = covered(miss, spec)
  local choices = analytical(p, id) and analytical_choices(miss, spec) or {}
  if #choices > 0 then
    local color = choices[1]
    if #choices > 1 then
      color = game.choose(p, { key = "ti4.analytical_pick", ability = L.name("abilities", ANALYTICAL), tech = L.name("techs", id), id = id }, choices)
    end
    game.log({ key = "ti4.analytical_ignores", p = L.pn(p), color = color, tech = L.name("techs", id), id = id,
      ability = L.name("abilities", ANALYTICAL) })
    exhaust_specialties(p, miss, color)
    return take_tech(p, id)
  end
  if inheritance_ready(p) then
    local name = L.name("techs", INHERITANCE)
    local use = not plain
    if plain then
      use = game.choose(p, { key = "ti4.inheritance_offer", card = name, tech = L.name("techs", id), id = id }, { "no", "yes" }) == "yes"
    end
    if use then
      game.put("player", p, INHERITANCE_USED, true)
      game.log({ key = "ti4.inheritance_used", p = L.pn(p), card = name, tech = L.name("techs", id), id = id })
      L.pay(p, 2, "resources")
      return take_tech(p, id)
    end
  end
  return base_gain_tech(p, id)
end

---------------------------------------------------------------------------
-- Brilliant (Jol-Nar): spending a command token to resolve the Technology
-- card's secondary, the player may resolve its primary instead (research a
-- technology, then perhaps a second one for 6 resources).
-- The primary gives all the secondary gives without its cost of 4
-- resources, so a holder who resolves the secondary always resolves the
-- primary instead (no question), and may do so with fewer than 4 resources.
-- The Technology card (cards/strategy.yaml) asks L.secondary_as_primary
-- when a player may resolve its secondary, and when one does. A secondary
-- resolved without a command token (L.secondary_free: Acquiescence) spends
-- none, so Brilliant does not apply to it.
---------------------------------------------------------------------------
local BRILLIANT = "brilliant"

-- The ability that lets p resolve strategy card `card`'s primary instead of
-- its secondary (ti4: Brilliant for Technology), or nil. ctx: the strategic
-- action's, when known (a free secondary spends no token).
function L.secondary_as_primary(q, card, ctx)
  if card == "technology" and holds_ability(q, BRILLIANT) then
    local d = game.data.strategy_cards[card]
    if ctx and d and L.secondary_free(q, d, ctx) then return nil end
    return BRILLIANT
  end
  return nil
end

-- Who resolved the secondary of a strategic action, with or without a
-- command token (Peace Accords, effects/factions/peace_accords.lua, reads it
-- after the action): ctx.secondary_resolved[q] is set as q resolves it.
local base_resolve_secondary = L.resolve_secondary
function L.resolve_secondary(q, d, ctx)
  if ctx then
    ctx.secondary_resolved = ctx.secondary_resolved or {}
    ctx.secondary_resolved[q] = true
  end
  return base_resolve_secondary(q, d, ctx)
end

---------------------------------------------------------------------------
-- Arbiters (Hacan): in a transaction the Hacan player negotiates (as the
-- active player or as the other side), action cards may change hands too.
-- The transaction is the one of round.lua with, when one side holds
-- Arbiters, two more terms: the action cards the active player gives (picked
-- one by one from their hand) and the number of action cards they ask for
-- (the other side's hand is hidden; on accepting, that player picks which
-- cards to give). A transaction of action cards alone is allowed. Hand
-- limits are checked after the exchange (LRR 2.4).
-- Without Arbiters anywhere in the game the procedure of round.lua runs
-- unchanged; with it, transactions that do not involve its holder ask
-- exactly what round.lua asks.
---------------------------------------------------------------------------
local ARBITERS = "arbiters"

local function hand(p) return game.zone("actions:" .. p) end

local function distinct(cards)
  local seen, out = {}, {}
  for _, c in ipairs(cards) do
    if not seen[c] then seen[c] = true; out[#out + 1] = c end
  end
  table.sort(out)
  return out
end

-- Arbiters: action cards may be traded too (through the transaction's hooks).
local base_other_goods = L.trade_other_goods
function L.trade_other_goods(p, q)
  if holds_ability(p, ARBITERS) or holds_ability(q, ARBITERS) then
    return base_other_goods(p, q) + #hand(p) + #hand(q)
  end
  return base_other_goods(p, q)
end

local base_other_terms = L.trade_other_terms
function L.trade_other_terms(p, q, terms)
  if not (holds_ability(p, ARBITERS) or holds_ability(q, ARBITERS)) then return base_other_terms(p, q, terms) end
  local give, ask = {}, 0
  local left = {}
  for _, x in ipairs(hand(p)) do left[#left + 1] = x end
  while #left > 0 do
    local o = { "done" }
    for _, x in ipairs(distinct(left)) do o[#o + 1] = x end
    local pick = game.choose(p, { key = "ti4.arbiters_give", q = L.pn(q), ability = L.name("abilities", ARBITERS) }, o)
    if pick == "done" then break end
    give[#give + 1] = pick
    for i, x in ipairs(left) do
      if x == pick then table.remove(left, i); break end
    end
  end
  if #hand(q) > 0 then
    local o = {}
    for i = 0, #hand(q) do o[#o + 1] = tostring(i) end
    ask = tonumber(game.choose(p, { key = "ti4.arbiters_ask", q = L.pn(q), ability = L.name("abilities", ARBITERS) }, o))
  end
  if #give == 0 and ask == 0 then return nil end
  return {
    n = #give + ask,
    terms = { key = "ti4.trade_terms_cards", goods = terms,
      give = { key = #give == 1 and "ti4.n_action_card" or "ti4.n_action_cards", n = #give },
      ask = { key = ask == 1 and "ti4.n_action_card" or "ti4.n_action_cards", n = ask } },
    exchange = function()
      -- The cards asked for are the other side's pick, made before any card moves.
      local back = {}
      local theirs = {}
      for _, x in ipairs(hand(q)) do theirs[#theirs + 1] = x end
      for _ = 1, ask do
        local pick = game.choose(q, { key = "ti4.action_card_to_give", q = L.pn(p) }, distinct(theirs))
        back[#back + 1] = pick
        for i, x in ipairs(theirs) do
          if x == pick then table.remove(theirs, i); break end
        end
      end
      for _, x in ipairs(give) do game.move_card(x, "actions:" .. p, "actions:" .. q) end
      for _, x in ipairs(back) do game.move_card(x, "actions:" .. q, "actions:" .. p) end
      if #give + #back > 0 then
        game.log({ key = "ti4.arbiters_exchange", p = L.pn(p), q = L.pn(q),
          given = #give > 0 and table.concat(give, ",") or { key = "ti4.no_action_card" },
          got = #back > 0 and table.concat(back, ",") or { key = "ti4.no_action_card" },
          ability = L.name("abilities", ARBITERS) })
        game.call("hand_limit", p)
        game.call("hand_limit", q)
      end
    end,
  }
end

---------------------------------------------------------------------------
-- Hits bound to non-fighter ships. An effect that makes some of a player's
-- space combat hits go to non-fighter ships if able (the L1Z1X flagship:
-- the hits of the flagship and of the dreadnoughts) sets the player prop
-- `hits_to_non_fighters` to their number after rolling (window
-- combat_rolled). The next space combat assignment of that player's hits
-- then binds that many of them; the rest may go anywhere.
-- Exact assignment, one hit at a time: a hit may go to a fighter while the
-- side still has a non-fighter ship only if a free hit is left for it. The
-- bound hits are counted as used first by hits given to non-fighter ships
-- (best for the side assigning them, and any order of the same choices can
-- be read so). Hits cancelled before or during the assignment (Shields
-- Holding, a unit cancelling two hits when it sustains damage) are taken
-- from the bound ones first, the reading that leaves the assigning side the
-- most choice; they are not seen here, and need not be: while a bound hit
-- is left the free count is exact, and once none is, every choice is open.
-- What each hit went to is read from the units' state between two choices.
---------------------------------------------------------------------------
local BOUND = "hits_to_non_fighters"

local function non_fighter_ship(p, u)
  local d = L.def(p, u.kind)
  return d.class == "ship" and d.type ~= "fighter"
end

local base_assign = L.assign_hits
function L.assign_hits(p, units, hits, label, opts)
  local src = opts and opts.source
  if src and src ~= 0 and label == "space combat" then
    local n = game.get("player", src, BOUND)
    if n then
      game.put("player", src, BOUND, nil)
      if hits > 0 and n > 0 then
        n = math.min(n, hits)
        opts.bound_hits = { bound = n, free = hits - n }
      end
    end
  end
  return base_assign(p, units, hits, label, opts)
end

local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  local st = opts and opts.bound_hits
  if not st or opts.prefer_non_fighters then return base_hit_options(p, units, opts, gone) end
  local now = {}
  for _, u in ipairs(units) do
    now[u.id] = ((gone and gone[u.id]) and 2) or (u.damaged and 1) or 0
  end
  if st.prev then
    -- The previous hit: to a non-fighter ship, or to a fighter while
    -- non-fighter ships were left.
    local to_ship, to_fighter = false, false
    for _, u in ipairs(units) do
      if now[u.id] ~= st.prev[u.id] then
        if non_fighter_ship(p, u) then to_ship = true else to_fighter = true end
      end
    end
    if to_ship then
      if st.bound > 0 then st.bound = st.bound - 1 else st.free = st.free - 1 end
    elseif to_fighter and st.ships_left then
      st.free = st.free - 1
    end
  end
  st.prev = now
  local ships = false
  for _, u in ipairs(units) do
    if now[u.id] < 2 and non_fighter_ship(p, u) then ships = true end
  end
  st.ships_left = ships
  if ships and st.bound > 0 and st.free <= 0 then
    local o = {}
    for k, v in pairs(opts) do o[k] = v end
    o.prefer_non_fighters = true
    return base_hit_options(p, units, o, gone)
  end
  return base_hit_options(p, units, opts, gone)
end

-- While no player has hits bound, both wrappers do just what they wrap, so a
-- simulated fight may still run as ti-common's combat plan (rules/sim.lua).
local function nothing_bound()
  for p = 1, game.num_players() do
    if game.get("player", p, BOUND) then return false end
  end
  return true
end
L.plain_wrapper(L.assign_hits, base_assign, nothing_bound)
L.plain_wrapper(L.hit_options, base_hit_options, nothing_bound)

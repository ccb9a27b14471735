-- Abilities, faction technologies and faction units of the Arborec, Saar,
-- Muaat, Creuss, Mentak and Naalu (factions_b.yaml) that change how a shared
-- procedure or helper works rather than reacting in a window.
-- Each wrapper leaves the wrapped code alone unless a player concerned holds
-- the ability, technology or unit, so games and scenarios without these
-- factions ask the same questions as before.
-- Everything here is registered as the pack loads (this file comes after
-- faction_rules.lua in pack.yaml's `rules:` list).
local L = game.lib

local function holds_ability(p, id) return p ~= nil and game.holds(p, "abilities", id) end
local function holds_tech(p, id) return p ~= nil and game.holds(p, "techs", id) end
local function anyone_holds(coll, id)
  for p = 1, game.num_players() do
    if game.holds(p, coll, id) then return true end
  end
  return false
end
local function faction_has(p, ability)
  local fac = L.faction(p)
  for _, a in ipairs((fac and fac.abilities) or {}) do
    if a == ability then return true end
  end
  return false
end
local function anomaly(s) return (game.data.systems[game.tile_of(s)] or {}).anomaly end
local function unit_id_of(p, u) return L.def(p, u.kind).id end

---------------------------------------------------------------------------
-- Creuss Gate (Creuss): the gate (tile 17) takes the Creuss seat on the
-- board; the home system (tile 51) stays off the board, joined to the gate
-- by the delta wormhole. build_galaxy places the home system at the seat;
-- this swaps the two, so the home keeps its planets and its system number.
-- The home goes to a hex far from every map (CREUSS_HOME_HEX: no system
-- around it, so only its wormhole joins it to the board) rather than to no
-- hex at all, because decisions name systems by hex and game.system_at
-- fails on anything else.
---------------------------------------------------------------------------
local GATE_TILE = "17"
local CREUSS_HOME_HEX = "0,-20"

local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local r = base_build(ctx)
  for p = 1, game.num_players() do
    local home = L.home(p)
    if home and faction_has(p, "creuss_gate") then
      local gate = game.add_system(GATE_TILE, CREUSS_HOME_HEX)
      game.swap_systems(home, gate)
      -- link_wormholes ran before the gate was there
      for _, w in ipairs(game.data.systems[GATE_TILE].wormholes or {}) do L.relink_wormhole(w) end
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- Wormholes that move: the Creuss wormhole tokens (Wormhole Generator,
-- tokens `creuss_alpha`, `creuss_beta`, `creuss_gamma` without owner) and
-- the delta wormhole of the Hil Colish (Creuss flagship). L.wormholes_in(s)
-- lists the wormholes of system s, its tile's and these; L.relink_wormhole(w)
-- links every system holding wormhole w to every other one and unlinks the
-- systems that no longer hold it (links the tiles give stay).
---------------------------------------------------------------------------
local MOVING = { "alpha", "beta", "gamma" }

local function hil_colish_system()
  for p = 1, game.num_players() do
    if L.has_unit(p, "flagship") and L.has_flagship_ability(p, "flagship", "creuss_flagship") then
      for _, u in ipairs(game.units { owner = p, kind = "flagship", space = true }) do
        if u.system then return u.system end
      end
    end
  end
  return nil
end

-- The wormholes of system s: its tile's, the Creuss tokens there, and the
-- Hil Colish's delta.
-- `hil`, when given, is where the Hil Colish is (false: nowhere), for
-- callers that ask of every system (finding it once).
function L.wormholes_in(s, hil)
  if hil == nil then hil = hil_colish_system() or false end
  local out = {}
  for _, w in ipairs((game.data.systems[game.tile_of(s)] or {}).wormholes or {}) do out[#out + 1] = w end
  for _, w in ipairs(MOVING) do
    if game.has_token(s, "creuss_" .. w) then out[#out + 1] = w end
  end
  if hil == s then out[#out + 1] = "delta" end
  return out
end

local function tile_has(s, w)
  for _, x in ipairs((game.data.systems[game.tile_of(s)] or {}).wormholes or {}) do
    if x == w then return true end
  end
  return false
end

-- Links every system holding wormhole w (L.wormholes_in) to every other one
-- and unlinks the systems that no longer hold it; the tiles' links stay.
function L.relink_wormhole(w)
  local key = "linked:" .. w
  local was = {}
  for x in string.gmatch(game.get("game", nil, key) or "", "%d+") do was[#was + 1] = tonumber(x) end
  local now = {}
  local hil = hil_colish_system() or false
  for s = 1, game.num_systems() do
    for _, x in ipairs(L.wormholes_in(s, hil)) do
      if x == w then now[#now + 1] = s end
    end
  end
  local kind = "wormhole:" .. w
  local keep = {}
  for _, s in ipairs(now) do keep[s] = true end
  for _, s in ipairs(was) do
    if not keep[s] and not tile_has(s, w) then
      for t = 1, game.num_systems() do
        if t ~= s and not (tile_has(s, w) and tile_has(t, w)) then game.unlink(s, t, kind) end
      end
    end
  end
  for i = 1, #now do
    for j = i + 1, #now do game.link(now[i], now[j], kind) end
  end
  game.put("game", nil, key, table.concat(now, ","))
end

--- hook: puts the Creuss wormhole token `w` into system s for player p (taking it from wherever it was) and relinks the galaxy; returns whether the token is now in s. Default: always placed; a child pack may discard it instead.
function L.place_wormhole_token(p, s, w)
  for t = 1, game.num_systems() do game.remove_token(t, "creuss_" .. w) end
  game.place_token(s, "creuss_" .. w)
  L.relink_wormhole(w)
  return true
end

-- After anything that may move the Hil Colish.
local function relink_delta()
  local s = hil_colish_system()
  if s ~= game.get("game", nil, "hil_colish_at") then
    game.put("game", nil, "hil_colish_at", s)
    L.relink_wormhole("delta")
  end
end

---------------------------------------------------------------------------
-- Movement: Gashlai Physiology and Magmus Reactor (Muaat) open supernovas
-- (the first to move through, the second to move into); Slipstream
-- (Creuss) adds 1 to the move of ships starting at home or in a system with
-- an alpha or beta wormhole; Quantum Entanglement (Creuss) makes every
-- alpha or beta wormhole system adjacent to every other one for its holder
-- (one such jump per move: a second one never shortens a path).
-- Floating factories (Saar) move like ships.
---------------------------------------------------------------------------
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  local through = L.flag(p, "pass_supernova") > 0
  local into = L.flag(p, "enter_supernova") > 0
  if through or into then
    local kept = {}
    for _, s in ipairs(r.blocked) do
      local open = anomaly(s) == "supernova" and (into or s ~= target)
      if not open then kept[#kept + 1] = s end
    end
    r.blocked = kept
  end
  return r
end

local function ab_wormhole(s, hil)
  for _, w in ipairs(L.wormholes_in(s, hil)) do
    if w == "alpha" or w == "beta" then return true end
  end
  return false
end

local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if holds_ability(p, "slipstream") and game.get("game", nil, "active") == p
    and (from == L.home(p) or ab_wormhole(from)) then
    m = m + 1
  end
  return m
end

-- Least move cost from `from` to `target` for p with Quantum Entanglement:
-- the plain path, or a path through one jump between two wormhole systems.
local function quantum_cost(from, target, rules)
  local best = game.move_cost(from, target, rules)
  local stop = {}
  for _, s in ipairs(rules.stop or {}) do stop[s] = true end
  for _, s in ipairs(rules.blocked or {}) do stop[s] = true end
  local holes = {}
  local hil = hil_colish_system() or false
  for s = 1, game.num_systems() do
    if ab_wormhole(s, hil) then holes[#holes + 1] = s end
  end
  for _, a in ipairs(holes) do
    local to_a = (a == from) and 0 or (not stop[a] and game.move_cost(from, a, rules))
    if to_a then
      for _, b in ipairs(holes) do
        if b ~= a and (b == target or not stop[b]) then
          local rest = (b == target) and 0 or game.move_cost(b, target, rules)
          if rest and (best == nil or to_a + 1 + rest < best) then best = to_a + 1 + rest end
        end
      end
    end
  end
  return best
end

-- Quantum Entanglement also joins those systems for the holder's retreats
-- and for who its neighbours are.
local function ab_systems()
  local out = {}
  local hil = hil_colish_system() or false
  for s = 1, game.num_systems() do
    if ab_wormhole(s, hil) then out[#out + 1] = s end
  end
  return out
end

local base_retreat_options = L.retreat_options
function L.retreat_options(p, s)
  local out = base_retreat_options(p, s)
  if not holds_ability(p, "quantum_entanglement") or not ab_wormhole(s) then return out end
  local have = {}
  for _, t in ipairs(out) do have[t] = true end
  for _, t in ipairs(ab_systems()) do
    if t ~= s and not have[t] and #L.other_ships(p, t) == 0 then
      local mine = game.count_units { system = t, owner = p } > 0
      for _, pl in ipairs(game.planets_of(t)) do if game.planet_owner(pl) == p then mine = true end end
      if mine then out[#out + 1] = t; have[t] = true end
    end
  end
  table.sort(out)
  return out
end
L.plain_wrapper(L.retreat_options, base_retreat_options, function() return not anyone_holds("abilities", "quantum_entanglement") end)

local base_neighbours = L.neighbours
function L.neighbours(p, q)
  if base_neighbours(p, q) then return true end
  if not (holds_ability(p, "quantum_entanglement") or holds_ability(q, "quantum_entanglement")) then return false end
  local a, b = L.presence(p), L.presence(q)
  local pa, qb = false, false
  for _, t in ipairs(ab_systems()) do
    if a[t] then pa = true end
    if b[t] then qb = true end
  end
  return pa and qb
end

local function factory(p, u) return L.def(p, u.kind).type == "space_dock" and L.def(p, u.kind).class == "structure" and u.planet == nil end

-- The least move cost of a ship of p from `from` to `target` under `rules`
-- (L.move_rules): game.move_cost, or with Quantum Entanglement the better of
-- that and a path with one jump between wormhole systems. Gravity Drive asks
-- it too.
function L.move_cost_of(p, from, target, rules)
  if holds_ability(p, "quantum_entanglement") then return quantum_cost(from, target, rules) end
  return game.move_cost(from, target, rules)
end

-- A jump is no gravity rift: the cost without the rift bonus, that decides
-- whether a ship rolls for a rift, counts jumps too.
local base_rift_check_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  if holds_ability(p, "quantum_entanglement") then
    return quantum_cost(from, target, { blocked = rules.blocked, stop = rules.stop })
  end
  return base_rift_check_cost(p, m, from, target, rules)
end

local base_movers = L.movers
function L.movers(p, target, rules)
  local quantum = holds_ability(p, "quantum_entanglement")
  local out = quantum and {} or base_movers(p, target, rules)
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
      local d = L.def(p, u.kind)
      local ship = d.class == "ship"
      if (quantum and ship or factory(p, u)) and (d.move or 0) > 0 then
        local cost = L.move_cost_of(p, u.system, target, rules)
        if cost and cost <= L.move_value(p, u, u.system) then
          out[#out + 1] = { unit = u, cost = cost }
        end
      end
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Floating factories (Saar): placed in the space area, not on a planet;
-- they carry units (their capacity counts like a ship's), produce ground
-- forces into the space area (LRR 68.4) and are destroyed when blockaded.
---------------------------------------------------------------------------
local function factories(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if u.carried == nil and factory(p, u) then out[#out + 1] = u end
  end
  return out
end

-- Whether no floating factory and no Hil Colish is in a space area: then
-- these wrappers and L.capacity's do just what they wrap, so a simulated
-- fight may still run as ti-common's combat plan.
local function no_floating_parts()
  for _, u in ipairs(game.units { space = true }) do
    local d = L.def(u.owner, u.kind)
    if (d.class == "structure" and d.move) or L.has_flagship_ability(u.owner, u, "creuss_flagship") then return false end
  end
  return true
end
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  local home = L.home(p)
  for _, u in ipairs(game.units { owner = p, system = home }) do
    local d = L.def(p, u.kind)
    if u.planet and d.type == "space_dock" and d.class == "structure" and d.move then
      game.move_unit(u.id, { system = home })
    end
  end
  return r
end)

-- A floating factory placed on a planet (the Construction strategy card
-- places space docks on planets) goes to the space area of its system.
local function settle_factories()
  for p = 1, game.num_players() do
    for _, u in ipairs(game.units { owner = p, kind = "space_dock" }) do
      local d = L.def(p, u.kind)
      if u.planet and d.class == "structure" and d.move then
        local s = game.planet_system(u.planet)
        game.move_unit(u.id, { system = s })
        game.log({ key = "ti4.factory_to_space", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(s) })
      end
    end
  end
end
local base_strategic_action = game.procedure_fn("strategic_action")
procedure("strategic_action", function(ctx)
  local r = base_strategic_action(ctx)
  settle_factories()
  return r
end)

-- Hybrid Crystal Fighter II (Naalu): fighters beyond the ships' capacity
-- count as half a ship each against the fleet pool. So while the pool has
-- room in the system, each free slot holds 2 of those fighters: L.capacity
-- counts them as room, up to the fighters there.
local function hcf2_room(p, s)
  if not holds_tech(p, "hybrid_crystal_fighter_2") then return 0 end
  local fighters = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if L.def(p, u.kind).type == "fighter" then fighters = fighters + 1 end
  end
  return math.min(fighters, 2 * math.max(0, L.fleet_limit(p) - L.count_fleet(p, s)))
end

-- Fighter II (its unit upgrade card): fighters beyond the ships' capacity
-- count against the fleet pool, one slot each: while the pool has room in
-- the system, each free slot holds one of those fighters. (A player over
-- the pool then removes fighters, not another ship instead.)
local function f2_room(p, s)
  if not holds_tech(p, "fighter_2") then return 0 end
  local fighters = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if L.def(p, u.kind).type == "fighter" then fighters = fighters + 1 end
  end
  return math.min(fighters, math.max(0, L.fleet_limit(p) - L.count_fleet(p, s)))
end

--- How many of p's fighters in s count against the fleet pool (Fighter II, Hybrid Crystal Fighter II: those beyond the ships' capacity, as far as the pool has room).
function L.fighters_in_fleet_pool(p, s) return hcf2_room(p, s) + f2_room(p, s) end

local base_capacity = L.capacity
function L.capacity(p, s)
  local cap, used = base_capacity(p, s)
  for _, u in ipairs(factories(p, s)) do cap = cap + (L.def(p, u.kind).capacity or 0) end
  return cap + L.fighters_in_fleet_pool(p, s), used
end
L.plain_wrapper(L.capacity, base_capacity, function()
  return no_floating_parts() and not anyone_holds("techs", "hybrid_crystal_fighter_2")
    and not anyone_holds("techs", "fighter_2")
end)

local base_production_options = L.production_options
function L.production_options(ctx, opts, st)
  opts = base_production_options(ctx, opts, st)
  local p, s = ctx.player, ctx.system
  -- Ground forces from a floating factory (or the Duha Menaimon) may go to
  -- the space area.
  if #factories(p, s) > 0 or game.get("game", nil, "flagship_production") == s then
    local has = {}
    for _, o in ipairs(opts) do has[o] = true end
    for _, t in ipairs(L.unit_types()) do
      local d = L.has_unit(p, t) and L.def(p, t)
      if d and d.class == "ground" and d.cost and not has[t]
        and st.cost + L.production_cost(ctx, t, d) <= L.spendable(p, "resources") + L.production_discount(ctx) then
        opts[#opts + 1] = t
      end
    end
  end
  -- Mitosis (Arborec): space docks do not produce infantry; only the
  -- production of other units may go to infantry (none when one space dock
  -- produces by itself, ctx.producer: Warfare's secondary).
  if holds_ability(p, "mitosis") then
    local other = 0
    for _, u in ipairs(game.units { system = s, owner = p }) do
      local d = L.def(p, u.kind)
      if type(d.production) == "number" and d.type ~= "space_dock" and (ctx.producer == nil or ctx.producer == u.id) then
        other = other + d.production
      end
    end
    if game.get("game", nil, "flagship_production") == s and ctx.producer == nil then other = other + 5 end
    if (st.built.infantry or 0) >= other then
      local kept = {}
      for _, o in ipairs(opts) do if o ~= "infantry" then kept[#kept + 1] = o end end
      opts = kept
    end
  end
  return opts
end

local base_production_place = L.production_place
function L.production_place(ctx, kind, where, st)
  where = base_production_place(ctx, kind, where, st)
  if where.planet == nil and where.system == nil then return { system = ctx.system } end
  return where
end

-- A floating factory whose system holds another player's ships and none of
-- its owner's is destroyed (after movement, after a space combat and after
-- production). Every factory on the board is looked at, not only those in
-- the active system: ships also arrive elsewhere (a retreat's destination)
-- and a player's own ships may be produced next to a lone factory.
local function check_blockades()
  local found = {}
  for _, u in ipairs(game.units { space = true }) do
    if u.system and (u.owner or 0) > 0 and u.carried == nil and factory(u.owner, u) then found[#found + 1] = u end
  end
  table.sort(found, function(a, b) return a.id < b.id end)
  for _, u in ipairs(found) do
    if game.unit_exists(u.id) and L.blockaded(u.owner, u.system) then
      L.destroy_unit(u, { label = "blockade", system = u.system }, { key = "ti4.factory_blockaded", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
    end
  end
end
-- The Hil Colish's delta wormhole follows it after the same steps and after
-- production.
for _, step in ipairs({ "movement", "space_combat", "production" }) do
  local base = game.procedure_fn(step)
  local function wrapped(ctx)
    local r = base(ctx)
    check_blockades()
    relink_delta()
    return r
  end
  procedure(step, wrapped)
  L.plain_wrapper(wrapped, base, no_floating_parts)
end

---------------------------------------------------------------------------
-- Production: the Duha Menaimon (Arborec flagship) produces up to 5 units in
-- its system after it is activated (effects/factions/arborec.lua marks the
-- system in the game prop `flagship_production` for that production step);
-- Magmus Reactor (Muaat): a supernova holding the player's units has
-- PRODUCTION 5.
---------------------------------------------------------------------------
local base_production = L.production
function L.production(p, s)
  if game.get("game", nil, "flagship_production") == s then return 5 end
  local n = base_production(p, s)
  if holds_tech(p, "magmus_reactor") and anomaly(s) == "supernova" and game.count_units { system = s, owner = p } > 0 then
    n = n + 5
  end
  return n
end

---------------------------------------------------------------------------
-- Chaos Mapping (Saar): other players cannot activate an asteroid field
-- holding the holder's ships.
---------------------------------------------------------------------------
local base_activatable = L.activatable
function L.activatable(p)
  local out = base_activatable(p)
  if not anyone_holds("techs", "chaos_mapping") then return out end
  local kept = {}
  for _, s in ipairs(out) do
    local barred = false
    if anomaly(s) == "asteroid_field" then
      for q = 1, game.num_players() do
        if q ~= p and holds_tech(q, "chaos_mapping") and #L.ships(q, s) > 0 then barred = true end
      end
    end
    if not barred then kept[#kept + 1] = s end
  end
  return kept
end

---------------------------------------------------------------------------
-- Nomadic (Saar): objectives may be scored without the home planets.
---------------------------------------------------------------------------
local base_controls_home = L.controls_home
function L.controls_home(p)
  if holds_ability(p, "nomadic") then return true end
  return base_controls_home(p)
end

---------------------------------------------------------------------------
-- Telepathic (Naalu): with a strategy card, the holder is first in
-- initiative order (the "0" token on the card).
---------------------------------------------------------------------------

-- hook: the player who has the Naalu "0" token this round, first in
-- initiative order, or nil (default: the holder of Telepathic once they
-- hold a strategy card).
function L.zero_token_player()
  for p = 1, game.num_players() do
    if holds_ability(p, "telepathic") and #L.cards_of(p) > 0 then return p end
  end
  return nil
end

local base_initiative = L.initiative_order
function L.initiative_order()
  local out = base_initiative()
  local z = L.zero_token_player()
  for i, p in ipairs(out) do
    if p == z then
      table.remove(out, i)
      table.insert(out, 1, p)
      break
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Fourth Moon (Mentak flagship): other players' ships in its system cannot
-- sustain damage.
---------------------------------------------------------------------------
local function fourth_moon_against(p, s)
  if not s then return false end
  for _, u in ipairs(game.units { system = s, not_owner = p, space = true }) do
    if L.has_flagship_ability(u.owner, u, "mentak_flagship") then return true end
  end
  return false
end

local base_hit_options_b = L.hit_options
function L.hit_options(p, units, opts, gone)
  local u1 = units[1]
  if u1 and u1.planet == nil and u1.system and L.def(p, u1.kind).class == "ship" and fourth_moon_against(p, u1.system)
    and not (opts and opts.no_sustain) then
    local o = {}
    for k, v in pairs(opts or {}) do o[k] = v end
    o.no_sustain = true
    return base_hit_options_b(p, units, o, gone)
  end
  return base_hit_options_b(p, units, opts, gone)
end
local function no_fourth_moon()
  for p = 1, game.num_players() do
    if game.count_units { owner = p, kind = "flagship" } > 0 and L.has_flagship_ability(p, "flagship", "mentak_flagship") then return false end
  end
  return true
end
L.plain_wrapper(L.hit_options, base_hit_options_b, no_fourth_moon)

---------------------------------------------------------------------------
-- Mirror Computing (Mentak): each trade good spent counts as 2 resources or
-- 2 influence. ti-common's L.spendable and L.pay ask L.trade_good_worth: L.pay
-- covers with planets what leaves the fewest trade goods to pay (then the
-- least waste) and the rest with half as many trade goods, rounded up.
---------------------------------------------------------------------------
local MIRROR = "mirror_computing"
local base_trade_good_worth = L.trade_good_worth
function L.trade_good_worth(p)
  if holds_tech(p, MIRROR) then return 2 * base_trade_good_worth(p) end
  return base_trade_good_worth(p)
end

---------------------------------------------------------------------------
-- Pillage (Mentak): when a neighbour gains trade goods (L.gain_tg) or
-- resolves a transaction (each one, as it is resolved) while owning 3 or
-- more trade goods, the holder may take 1 trade good or commodity from them.
-- Trade goods taken with a strategy card are seen when the strategy phase
-- ends. The gains that do not go through L.gain_tg (Quantum Datahub
-- Node's 3 trade goods, Trade Agreement, the Salvage action card) call
-- L.pillage themselves.
---------------------------------------------------------------------------
local PILLAGE = "pillage"
-- Pillage: each holder who is q's neighbour (from q on) may take 1 of q's
-- trade goods or commodities when q has 3 or more trade goods.
function L.pillage(q)
  for _, p in ipairs(L.order_from(q)) do
    if p ~= q and holds_ability(p, PILLAGE) and game.counter(q, "tg") >= 3 and L.neighbours(p, q) then
      local opts = { "no", "tg" }
      if game.counter(q, "commodities") > 0 then opts[#opts + 1] = "commodity" end
      local pick = game.choose(p, { key = "ti4.pillage_offer", q = L.pn(q), ability = L.name("abilities", PILLAGE) }, opts)
      if pick ~= "no" then
        if pick == "tg" then game.add(q, "tg", -1) else game.add(q, "commodities", -1) end
        game.add(p, "tg", 1)
        game.log({ key = "ti4.pillages", p = L.pn(p), q = L.pn(q), what = { key = pick == "tg" and "ti4.one_tg" or "ti4.one_commodity" }, ability = L.name("abilities", PILLAGE) })
      end
    end
  end
end

local base_gain_tg = L.gain_tg
function L.gain_tg(p, n, why)
  local r = base_gain_tg(p, n, why)
  if anyone_holds("abilities", PILLAGE) and n > 0 then L.pillage(p) end
  return r
end

-- Trade goods taken with a strategy card: Pillage once the cards are
-- picked (nothing else changes trade goods in the strategy phase).
local base_strategy_phase = game.procedure_fn("strategy_phase")
procedure("strategy_phase", function(ctx)
  if not anyone_holds("abilities", PILLAGE) then return base_strategy_phase(ctx) end
  local before = {}
  for q = 1, game.num_players() do before[q] = game.counter(q, "tg") end
  local r = base_strategy_phase(ctx)
  for _, q in ipairs(L.order_from(L.speaker())) do
    if game.counter(q, "tg") > before[q] then L.pillage(q) end
  end
  return r
end)

-- A transaction resolved (window transaction_resolved, rules/round.lua):
-- both sides resolved it, whatever changed hands (goods that balance out,
-- promissory notes or action cards alone), so each may be pillaged.
game.on("transaction_resolved", function(ctx)
  if not anyone_holds("abilities", PILLAGE) then return end
  for _, q in ipairs(L.order_from(ctx.player)) do
    if q == ctx.player or q == ctx.other then L.pillage(q) end
  end
end)

-- ti4 holds component actions on techs and abilities (round.lua) and on
-- factions: The Inferno, the Muaat flagship's ACTION, is its faction
-- script's `component`.
L.COMPONENT_COLLS = { table.unpack(L.COMPONENT_COLLS) }
L.COMPONENT_COLLS[#L.COMPONENT_COLLS + 1] = "factions"

---------------------------------------------------------------------------
-- Matriarch (Naalu flagship): in an invasion of its system, the player's
-- fighters may land on planets the way ground forces do (after the
-- ground forces, planet by planet: how many fighters land there); they
-- fight as ground forces (L.ground counts them while they carry the unit
-- prop `landed`), and after the invasion the survivors go back to the space
-- area.
---------------------------------------------------------------------------
local LANDED = "landed"

local function matriarch_in(p, s)
  for _, u in ipairs(game.units { owner = p, kind = "flagship", system = s, space = true }) do
    if L.has_flagship_ability(p, u, "naalu_flagship") then return true end
  end
  return false
end

local base_ground = L.ground
function L.ground(p, planet)
  local out = base_ground(p, planet)
  for _, u in ipairs(game.units { planet = planet, owner = p, kind = "fighter" }) do
    if game.get("unit", u.id, LANDED) then out[#out + 1] = u end
  end
  return out
end

local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  local r = base_commit(ctx)
  local p, s = ctx.player, ctx.system
  if not matriarch_in(p, s) then return r end
  local card = L.name("units", "naalu_flagship")
  for _, pl in ipairs(game.planets_of(s)) do
    local fighters = {}
    for _, u in ipairs(game.units { system = s, owner = p, space = true, kind = "fighter" }) do
      if u.carried == nil then fighters[#fighters + 1] = u end
    end
    -- (No unit lands on a Demilitarized Zone.)
    if #fighters > 0 and game.planet_owner(pl) ~= p and L.may_place_on(pl) then
      local opts = { "0" }
      for i = 1, #fighters do opts[#opts + 1] = tostring(i) end
      local n = tonumber(game.choose(p, { key = "ti4.matriarch_commit", planet = L.name("planets", pl), planet_id = pl, card = card }, opts))
      if n > 0 then
        for i = 1, n do
          game.move_unit(fighters[i].id, { planet = pl })
          game.put("unit", fighters[i].id, LANDED, true)
        end
        game.log({ key = "ti4.fighters_land", p = L.pn(p), n = n, planet = L.name("planets", pl), card = card })
        local listed = false
        for _, t in ipairs(ctx.targets) do if t == pl then listed = true end end
        if not listed then table.insert(ctx.targets, pl) end
      end
    end
  end
  return r
end)

-- The fighters go back to space as the ground combat on their planet ends
-- (whether or not one was fought), before control is established: fighters
-- alone never take a planet, and a combat in which only they are left is a
-- draw (LRR FAQ, The Naalu Collective; errata of the Matriarch).
local function return_landed(p, s, pl)
  local back = 0
  for _, u in ipairs(game.units { planet = pl, owner = p, kind = "fighter" }) do
    if game.get("unit", u.id, LANDED) then
      game.put("unit", u.id, LANDED, nil)
      game.move_unit(u.id, { system = s })
      back = back + 1
    end
  end
  return back
end

local base_ground_combat = game.procedure_fn("ground_combat")
procedure("ground_combat", function(ctx)
  local r = base_ground_combat(ctx)
  local p, pl = ctx.player, ctx.planet
  if p and pl then
    local s = game.planet_system(pl)
    local back = return_landed(p, s, pl)
    if back > 0 then
      game.log({ key = "ti4.fighters_return", p = L.pn(p), n = back, system = L.sysname(s) })
      L.enforce_limits(p, s)
    end
  end
  return r
end)

local base_invasion = game.procedure_fn("invasion")
procedure("invasion", function(ctx)
  local r = base_invasion(ctx)
  local p, s = ctx.player, ctx.system
  local back = 0
  for _, pl in ipairs(game.planets_of(s)) do
    for _, u in ipairs(game.units { planet = pl, owner = p, kind = "fighter" }) do
      if game.get("unit", u.id, LANDED) then
        game.put("unit", u.id, LANDED, nil)
        game.move_unit(u.id, { system = s })
        back = back + 1
      end
    end
  end
  if back > 0 then
    game.log({ key = "ti4.fighters_return", p = L.pn(p), n = back, system = L.sysname(s) })
    L.enforce_limits(p, s)
  end
  return r
end)

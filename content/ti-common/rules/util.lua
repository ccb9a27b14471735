-- Shared helpers of the ti4 rules: unit stats, pools, planets, paying,
-- objectives. Kept in game.lib so child packs can use or replace them.
local L = game.lib

L.COMMAND_TOKENS = 16 -- command tokens per player (LRR 20)
L.POOLS = { "tactic", "fleet", "strategy" }

function L.pn(p) return "p" .. p end

-- A copy of table t and of every table inside it.
function L.deep_copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = (type(v) == "table") and L.deep_copy(v) or v end
  return c
end

function L.name(coll, id)
  local d = game.data[coll] and game.data[coll][id]
  return game.text("names." .. id, d and d.name or id)
end

function L.faction(p)
  local f = game.get("player", p, "faction")
  return f and game.data.factions[f]
end

function L.sysname(s)
  local sys = game.system(s)
  local d = game.data.systems[sys.tile]
  if d and #d.planets > 0 then
    local names = {}
    for _, pl in ipairs(d.planets) do names[#names + 1] = L.name("planets", pl) end
    return (sys.hex or sys.tile) .. " (" .. table.concat(names, "/") .. ")"
  end
  return (sys.hex or sys.tile) .. " (" .. (d and d.name or ("tile " .. sys.tile)) .. ")"
end

-- Unit definitions: the faction's own unit for a slot, then any upgrade the
-- player owns. Cached per player; the cache is dropped when techs change.
local cache = {}
function L.def(p, t)
  local c = cache[p]
  if not c then c = {}; cache[p] = c end
  local d = c[t]
  if d then return d end
  local fac = L.faction(p)
  local id = (fac and fac.units and fac.units[t]) or t
  d = game.data.units[id]
  if not d then error("no unit definition for '" .. tostring(t) .. "'") end
  while d.upgrade do
    local up = game.data.units[d.upgrade]
    if up and up.tech and game.holds(p, "techs", up.tech) then d = up else break end
  end
  c[t] = d
  return d
end
function L.reset_cache() cache = {} end

function L.is_ship(p, t) return L.def(p, t).class == "ship" end

-- Unit types in a stable order (as defined in units.yaml, base slots only).
local unit_types_cache
function L.unit_types()
  if unit_types_cache then return unit_types_cache end
  local seen, out = {}, {}
  for _, id in ipairs(game.keys(game.data.units)) do
    local t = game.data.units[id].type or id
    if not seen[t] then seen[t] = true; out[#out + 1] = t end
  end
  table.sort(out)
  unit_types_cache = out
  return out
end

-- Whether p has a unit definition for board type t (a faction-only slot
-- such as a flagship exists only for players whose faction defines it).
function L.has_unit(p, t)
  local fac = L.faction(p)
  return (fac and fac.units and fac.units[t] ~= nil) or game.data.units[t] ~= nil
end

-- Ships of p in system s (space area, carried excluded).
function L.ships(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if u.carried == nil and L.def(p, u.kind).class == "ship" then out[#out + 1] = u end
  end
  return out
end

function L.other_ships(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, not_owner = p, space = true }) do
    if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then out[#out + 1] = u end
  end
  return out
end

--- The systems where L.other_ships(p, s) finds ships, all at once: a set (system -> true). A pack that changes L.other_ships changes this with it.
function L.other_ship_systems(p)
  local out = {}
  for _, u in ipairs(game.units { not_owner = p, space = true }) do
    if u.carried == nil and u.system and L.def(u.owner, u.kind).class == "ship" then out[u.system] = true end
  end
  return out
end

-- Players other than p with ships in s, sorted.
function L.enemies_in(p, s)
  local seen, out = {}, {}
  for _, u in ipairs(L.other_ships(p, s)) do
    if not seen[u.owner] then seen[u.owner] = true; out[#out + 1] = u.owner end
  end
  table.sort(out)
  return out
end

function L.ground(p, planet)
  local out = {}
  for _, u in ipairs(game.units { planet = planet, owner = p }) do
    if L.def(p, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end

function L.count_fleet(p, s)
  local n = 0
  for _, u in ipairs(L.ships(p, s)) do if L.def(p, u.kind).fleet then n = n + 1 end end
  return n
end

-- hook: whether the fighter_capacity of p's units on planets in s holds fighters only, so that ground forces in space need ships' capacity; default: no (it holds any unit that needs capacity)
function L.dock_holds_fighters_only(p, s) return false end

-- Capacity of p's ships in s, and what uses it (transported units in space).
function L.capacity(p, s)
  local cap, used, fighters = 0, 0, 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if u.carried == nil and d.class == "ship" then cap = cap + (d.capacity or 0) end
    if d.transported then
      used = used + 1
      if (d.type or u.kind) == "fighter" then fighters = fighters + 1 end
    end
  end
  -- Docks shelter some fighters in their system.
  local dock = 0
  for _, pl in ipairs(game.planets_of(s)) do
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      local d = L.def(p, u.kind)
      if d.fighter_capacity then dock = dock + d.fighter_capacity end
    end
  end
  if L.dock_holds_fighters_only(p, s) then dock = math.min(dock, fighters) end
  return cap + dock, used
end

-- hook: p's fleet supply limit in system s; default: L.fleet_limit(p) (an effect that changes it in one system replaces this).
function L.fleet_limit_in(p, s) return L.fleet_limit(p) end

-- Removes p's ships in s beyond the fleet pool, the player choosing which (LRR 37.3).
function L.enforce_fleet_pool(p, s)
  local fleet = L.fleet_limit_in(p, s)
  local ships = L.ships(p, s)
  local n = L.count_fleet(p, s)
  while n > fleet do
    local opts = {}
    for _, u in ipairs(ships) do
      if L.def(p, u.kind).fleet and game.unit_exists(u.id) then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    local pick = game.choose(p, { key = "remove_over_fleet_pool" }, opts)
    local id = tonumber(pick:match("#(%d+)$"))
    game.remove_unit(id); n = n - 1
    game.log({ key = "removes_over_fleet_pool", p = L.pn(p), unit = pick, system = L.sysname(s) })
  end
end

-- Removes excess units after movement or combat: fleet pool, then capacity.
function L.enforce_limits(p, s, why)
  -- The player chooses which excess units to remove (LRR 37.3, 16.3a).
  L.enforce_fleet_pool(p, s)
  local cap, used = L.capacity(p, s)
  while used > cap do
    local opts = {}
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      if L.def(p, u.kind).transported then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    if #opts == 0 then break end
    local pick = game.choose(p, { key = "remove_over_capacity" }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = "removes_over_capacity", p = L.pn(p), unit = pick, system = L.sysname(s) })
    -- Removing a fighter may lower the capacity a dock lends to fighters.
    if L.dock_holds_fighters_only(p, s) then cap, used = L.capacity(p, s) else used = used - 1 end
  end
end

-- Command tokens.
-- How many command tokens p has in all (a variant with other limits
-- replaces this).
function L.command_tokens(p) return L.COMMAND_TOKENS end

function L.reinforcements(p)
  local used = game.counter(p, "tactic") + game.counter(p, "fleet") + game.counter(p, "strategy")
  return L.command_tokens(p) - used - game.count_tokens("command", p)
end

-- hook: the pools of p's command sheet that a command token p gains, or moves between pools, may go to now; default: all of them (L.POOLS).
function L.token_pools(p) return L.POOLS end

-- Moves command tokens between p's pools one at a time until p is done
-- (LRR 20.4); then ships over the new fleet pool are removed.
function L.redistribute(p)
  while true do
    local opts = { "done" }
    for _, from in ipairs(L.POOLS) do
      if game.counter(p, from) > 0 then
        for _, to in ipairs(L.token_pools(p)) do
          if to ~= from then opts[#opts + 1] = from .. "->" .. to end
        end
      end
    end
    local pick = game.choose(p, { key = "redistribute_tokens" }, opts)
    if pick == "done" then break end
    local from, to = pick:match("^(%a+)%->(%a+)$")
    game.add(p, from, -1)
    game.add(p, to, 1)
  end
  local seen = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] then
      seen[u.system] = true
      L.enforce_limits(p, u.system)
    end
  end
end

-- Planets
function L.pdef(id) return game.data.planets[id] end
--- The technology specialties of planet `pl`, as a sorted list (empty, or its one colour; a pack whose planets may have two overrides this).
function L.planet_specialties(pl)
  local s = L.pdef(pl).specialty
  return s and { s } or {}
end
--- Whether planet `pl` has the technology specialty `color`.
function L.has_specialty(pl, color)
  for _, s in ipairs(L.planet_specialties(pl)) do if s == color then return true end end
  return false
end
--- How many symbols of colour `color` planet `pl` gives when exhausted for research (usually 0 or 1; a planet may show one colour twice).
function L.specialty_count(pl, color)
  local n = 0
  for _, s in ipairs(L.planet_specialties(pl)) do if s == color then n = n + 1 end end
  return n
end
--- The traits of planet `pl`, as a list (empty, or its one trait; a pack whose planets may have two overrides this).
function L.planet_traits(pl)
  local t = L.pdef(pl).trait
  return t and { t } or {}
end
--- Whether planet `pl` has the trait `t`.
function L.has_trait(pl, t)
  for _, x in ipairs(L.planet_traits(pl)) do if x == t then return true end end
  return false
end
function L.ready_planets(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if not game.exhausted(pl) then out[#out + 1] = pl end
  end
  return out
end

--- hook: how many resources (or influence) one trade good of p counts for when he spends it as such (L.spendable, L.pay); default: 1. Mirror Computing (Mentak, ti3 and ti4) makes it 2.
function L.trade_good_worth(p) return 1 end

function L.spendable(p, kind)
  local n = game.counter(p, "tg") * L.trade_good_worth(p)
  for _, pl in ipairs(L.ready_planets(p)) do n = n + (L.pdef(pl)[kind] or 0) end
  return n
end

-- Pays `amount` of `kind` (resources|influence) by exhausting planets and then
-- trade goods, each worth L.trade_good_worth(p). Payment policy: the set of
-- ready planets that leaves the fewest trade goods to pay, then wastes the
-- least, then has the fewest planets (ties: by id); the rest in trade goods
-- (rounded up). With trade goods worth 1 this is the set that covers the most
-- of the cost while wasting the least. The sets tried are those of the first
-- 12 ready planets; when none of them will do, planets are taken by value,
-- largest first. Returns false (and pays nothing) if p cannot pay.
function L.pay(p, amount, kind)
  if amount <= 0 then return true end
  if L.spendable(p, kind) < amount then return false end
  local worth = L.trade_good_worth(p)
  local ready = L.ready_planets(p)
  table.sort(ready)
  local tgs = game.counter(p, "tg")
  local n = #ready
  if n > 12 then n = 12 end
  local best, bestkey = {}, nil
  local besttg = (amount + worth - 1) // worth
  for mask = 0, (1 << n) - 1 do
    local v, cnt = 0, 0
    for i = 1, n do
      if mask & (1 << (i - 1)) ~= 0 then v = v + (L.pdef(ready[i])[kind] or 0); cnt = cnt + 1 end
    end
    local tg = math.max(0, (amount - v + worth - 1) // worth)
    if tg <= tgs then
      local waste = v + worth * tg - amount
      local key = { tg, waste, cnt }
      if not bestkey or key[1] < bestkey[1] or (key[1] == bestkey[1] and (key[2] < bestkey[2] or (key[2] == bestkey[2] and key[3] < bestkey[3]))) then
        bestkey, besttg = key, tg
        best = {}
        for i = 1, n do if mask & (1 << (i - 1)) ~= 0 then best[#best + 1] = ready[i] end end
      end
    end
  end
  if not bestkey then
    -- The subsets above are of the first 12 ready planets only: when no
    -- subset of those covers the cost with the trade goods at hand, the
    -- ready planets are taken by value, largest first, until they do.
    local by_value = {}
    for _, pl in ipairs(ready) do by_value[#by_value + 1] = pl end
    table.sort(by_value, function(a, b)
      local va, vb = L.pdef(a)[kind] or 0, L.pdef(b)[kind] or 0
      if va ~= vb then return va > vb end
      return a < b
    end)
    local v = 0
    best = {}
    for _, pl in ipairs(by_value) do
      if v + worth * tgs >= amount then break end
      best[#best + 1] = pl
      v = v + (L.pdef(pl)[kind] or 0)
    end
    table.sort(best)
    besttg = math.max(0, (amount - v + worth - 1) // worth)
  end
  for _, pl in ipairs(best) do game.exhaust(pl, true) end
  local tg = besttg
  if tg > 0 then game.add(p, "tg", -tg) end
  local line = { p = L.pn(p), n = amount, kind = kind, planets = table.concat(best, ","), tg = tg }
  line.key = (#best > 0 and "pays" or "pays_no_planets") .. (tg > 0 and "_with_tg" or "")
  game.log(line)
  return true
end

function L.gain_tg(p, n, why)
  game.add(p, "tg", n)
  if why then game.log({ key = "gains_tg_for", p = L.pn(p), n = n, why = why })
  else game.log({ key = "gains_tg", p = L.pn(p), n = n }) end
end

function L.gain_vp(p, n, why)
  local v = game.add(p, "vp", n)
  game.log({ key = "gains_vp", p = L.pn(p), n = n, why = why, vp = v })
  L.check_win(p)
end

-- Victory points that win; an edition may replace this.
function L.goal() return game.get("game", nil, "goal") or 10 end

-- The game ends at once when a player reaches the goal.
function L.check_win(p)
  if game.get("game", nil, "winner") then return end
  if game.counter(p, "vp") >= L.goal() then
    game.put("game", nil, "winner", p)
    error({ game_over = true, commit = true }, 0)
  end
end

function L.take_control(p, pl, exhausted)
  local prev = game.planet_owner(pl)
  if prev == p then return end
  game.set_owner(pl, p)
  game.exhaust(pl, exhausted ~= false)
  if prev then game.log({ key = "gains_control_from", p = L.pn(p), planet = L.name("planets", pl), q = L.pn(prev) })
  else game.log({ key = "gains_control", p = L.pn(p), planet = L.name("planets", pl) }) end
  game.window("planet_gained", { player = p, planet = pl, from = prev })
end

-- A unit was destroyed: opens unit_destroyed for it. u is the unit as it was
-- ({id, kind, owner}; only those are read): ctx.player = u.owner, ctx.kind =
-- u.kind, ctx.unit = u.id. how (optional) gives the rest of the ctx as is:
-- source (the player who destroyed it), label (by what: "space combat", a
-- card's name...), active (the active player), system (where it was; not
-- taken from u). Returns the window's ctx.
function L.unit_destroyed(u, how)
  how = how or {}
  return game.window("unit_destroyed", { player = u.owner, kind = u.kind, unit = u.id,
    source = how.source, label = how.label, active = how.active, system = how.system })
end

-- Destroys unit u ({id, kind, owner}): removes it, logs `line` (a keyed
-- line; default "{p} {unit} is destroyed", key is_destroyed) and opens
-- unit_destroyed with L.unit_destroyed(u, how). Returns the window's ctx.
function L.destroy_unit(u, how, line)
  game.remove_unit(u.id)
  game.log(line or { key = "is_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id })
  return L.unit_destroyed(u, how)
end

function L.home(p) return game.get("player", p, "home") end

function L.controls_home(p)
  local h = L.home(p)
  if not h then return true end
  for _, pl in ipairs(game.planets_of(h)) do
    if game.planet_owner(pl) ~= p then return false end
  end
  return true
end

-- Technologies
function L.tech_colors(p)
  local c = { blue = 0, green = 0, yellow = 0, red = 0 }
  for _, t in ipairs(game.holdings(p, "techs")) do
    local d = game.data.techs[t]
    if d and d.color then c[d.color] = (c[d.color] or 0) + 1 end
  end
  -- Planet tech specialties skip prerequisites as an extra count here is not
  -- the rule; specialties are used by L.can_research below.
  return c
end

-- Whether p may research `id`: faction techs only by their faction; each
-- missing prerequisite may be covered by exhausting one ready planet with that
-- specialty (LRR 90.4, done at research time).
-- While L.researchable asks about every technology (the state does not
-- change meanwhile): player -> { colours held, ready specialties }, so that
-- they are counted once rather than once per technology.
local research_memo

function L.can_research(p, id)
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return false end
  if d.faction and d.faction ~= game.get("player", p, "faction") then return false end
  local m = research_memo and research_memo[p]
  local have, spec
  if m then
    have, spec = m[1], m[2]
  else
    have, spec = L.tech_colors(p), {}
    for _, pl in ipairs(L.ready_planets(p)) do
      for _, s in ipairs(L.planet_specialties(pl)) do spec[s] = (spec[s] or 0) + 1 end
    end
    if research_memo then research_memo[p] = { have, spec } end
  end
  local missing = 0
  for _, color in ipairs(game.keys(d.requires or {})) do
    local need = d.requires[color] - (have[color] or 0)
    if need > 0 then
      if (spec[color] or 0) >= need then missing = missing + 0 else return false end
    end
  end
  return true
end

function L.researchable(p)
  local outer = research_memo
  research_memo = outer or {}
  local ok, out = pcall(function()
    local out = {}
    for _, id in ipairs(game.keys(game.data.techs)) do
      if L.can_research(p, id) then out[#out + 1] = id end
    end
    return out
  end)
  research_memo = outer
  if not ok then error(out, 0) end
  return out
end

function L.gain_tech(p, id)
  local d = game.data.techs[id]
  -- Exhaust specialty planets for missing prerequisites.
  -- A planet with two specialties may cover one symbol of each colour
  -- with one exhaustion, so the ready planets are listed once.
  local have = L.tech_colors(p)
  local ready, used = L.ready_planets(p), {}
  for _, color in ipairs(game.keys(d.requires or {})) do
    local need = d.requires[color] - (have[color] or 0)
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
  game.grant(p, "techs", id)
  L.reset_cache()
  game.log({ key = "researches", p = L.pn(p), tech = L.name("techs", id) })
  game.window("tech_gained", { player = p, tech = id })
end

--- Whether p controls a planet in system s.
function L.controls_planet_in(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then return true end
  end
  return false
end

--- The PRODUCTION value of p's unit u by itself: its number, or (a space dock) the resources of its planet plus its bonus; 0 for a unit without PRODUCTION.
function L.unit_production(p, u)
  local prod = L.def(p, u.kind).production
  if type(prod) == "number" then return prod end
  if type(prod) == "table" then
    return (u.planet and (L.pdef(u.planet).resources or 0) or 0) + (prod.plus_resources or 0)
  end
  return 0
end

-- Production value of p's producing units in system s.
function L.production(p, s)
  local total = 0
  for _, u in ipairs(game.units { system = s, owner = p }) do
    total = total + L.unit_production(p, u)
  end
  return total
end

-- Neighbours (LRR 59): players with units or planets in the same or adjacent systems.
function L.presence(p)
  local sys = {}
  for _, s in ipairs(game.unit_systems { owner = p }) do sys[s] = true end
  for _, pl in ipairs(game.planets_owned(p)) do sys[game.planet_system(pl)] = true end
  return sys
end

function L.neighbours(p, q)
  local a, b = L.presence(p), L.presence(q)
  for s in pairs(a) do
    if b[s] then return true end
    for _, n in ipairs(game.adjacent(s, "neighbour")) do if b[n] then return true end end
  end
  return false
end

-- hook: the player after p in the order of play, who acts next (default: p % n + 1, clockwise).
function L.next_in_rotation(p) return p % game.num_players() + 1 end

-- Whether p is out of the game (player prop `eliminated`, set by an edition's elimination rule).
function L.eliminated(p) return game.get("player", p, "eliminated") and true or false end

-- Players in order starting from `first` (eliminated players left out).
function L.order_from(first)
  local n, out = game.num_players(), {}
  for i = 0, n - 1 do
    local p = ((first - 1 + i) % n) + 1
    if not L.eliminated(p) then out[#out + 1] = p end
  end
  return out
end

function L.speaker() return game.get("game", nil, "speaker") or 1 end

-- Extra dice from abilities (e.g. a tech adding one die to one unit's
-- bombardment): defs held by p with `extra_die: <ability>` add one die.
function L.extra_dice(p, ability)
  local n = 0
  if p == 0 then return n end -- no player (neutral units): no technologies
  for _, t in ipairs(game.holdings(p, "techs")) do
    local d = game.data.techs[t]
    local e = d and d.extra_die
    if e == ability then n = n + 1
    elseif type(e) == "table" then
      for _, x in ipairs(e) do if x == ability then n = n + 1 end end
    end
  end
  return n
end

-- hook: which of player p's units rolling `ability` in one use of it gets the extra die of L.extra_dice, decided before any die is rolled; list: {unit, hit, dice, where (bombardment: the planet answer)} in the order they roll; returns an index into list; default: the first.
function L.extra_die_unit(p, ability, list) return 1 end

-- (The definitions that carry each flag are listed once, at the first
-- question about it: the data do not change while the game runs.)
local FLAG_COLLS = { "techs", "abilities", "factions" }
local flag_holders = {}
local function holders_of(name)
  local l = flag_holders[name]
  if l then return l end
  l = {}
  for _, coll in ipairs(FLAG_COLLS) do
    local c = game.data[coll]
    for _, id in ipairs(c and game.keys(c) or {}) do
      local v = c[id].flags and c[id].flags[name]
      if v == true then l[#l + 1] = { coll, id, 1 } elseif type(v) == "number" then l[#l + 1] = { coll, id, v } end
    end
  end
  flag_holders[name] = l
  return l
end

-- Flags: a held technology, ability or faction with `flags: {name: value}`
-- adds its value (true counts 1). Rules read them where the rule applies
-- (e.g. move_through_ships, two_actions, production_discount, fleet_bonus,
-- trade_anyone, space_cannon_penalty).
function L.flag(p, name)
  local n = 0
  if p == 0 then return n end -- no player (neutral units): no flags
  for _, h in ipairs(holders_of(name)) do
    if game.holds(p, h[1], h[2]) then n = n + h[3] end
  end
  return n
end

-- Non-fighter ships allowed in one system.
function L.fleet_limit(p)
  return game.counter(p, "fleet") + L.flag(p, "fleet_bonus")
end

-- Seats n players: each plays the id given in `chosen` (a list), or, without
-- it, ids of `pool` dealt at random. `coll` is the collection the ids belong
-- to (factions, races); `what` names it in errors.
function L.seat_players(n, coll, pool, chosen, what)
  if not chosen then
    pool = { table.unpack(pool) }
    for i = #pool, 2, -1 do
      local j = game.random(i)
      pool[i], pool[j] = pool[j], pool[i]
    end
    chosen = {}
    for i = 1, n do chosen[i] = pool[i] end
  end
  for i = 1, n do
    local p = game.add_player()
    if not game.data[coll][chosen[i]] then error("unknown " .. what .. " '" .. tostring(chosen[i]) .. "'") end
    game.put("player", p, "faction", chosen[i])
    game.log(L.seat_line(p, coll, chosen[i]))
  end
end

-- hook: the line logged when player p is seated with id of coll (a keyed
-- line; default "pN plays <name>").
function L.seat_line(p, coll, id)
  return { key = "seated", p = L.pn(p), name = L.name(coll, id), id = id }
end

-- Breakthroughs and synergy. A player gains their faction's breakthrough
-- (their first expedition slice, Thunder's Edge's card, a card); then, if
-- The Fracture is not in play, they roll a die: on a 1 or a 10 it comes in.
-- A breakthrough links two technology colours (synergy): a technology or a
-- specialty of one may count as the other for research and for objectives,
-- one colour at a time.
local L = game.lib

--- The breakthrough of p's faction, or nil.
function L.te_breakthrough_of(p)
  local f = game.get("player", p, "faction")
  for _, id in ipairs(game.keys(game.data.breakthroughs or {})) do
    if game.data.breakthroughs[id].faction == f then return id end
  end
  return nil
end

--- Whether p has gained their breakthrough.
function L.te_has_breakthrough(p)
  local id = L.te_breakthrough_of(p)
  return id ~= nil and game.holds(p, "breakthroughs", id)
end

--- The synergy colours of breakthrough `id` (colour ids; empty for none).
function L.te_synergy_colours(id)
  local out = {}
  for _, c in ipairs(((game.data.breakthroughs or {})[id] or {}).synergy or {}) do out[#out + 1] = c end
  return out
end

--- The synergy pairs p has: a list of {a, b} colour pairs (a relic may give every pair).
function L.te_synergy_pairs(p)
  local pairs_ = {}
  if game.holds(p, "relics", "the_quantumcore") then
    local all = { "blue", "green", "red", "yellow" }
    for i = 1, #all do for j = i + 1, #all do pairs_[#pairs_ + 1] = { all[i], all[j] } end end
    return pairs_
  end
  local id = L.te_breakthrough_of(p)
  if id and game.holds(p, "breakthroughs", id) then
    local c = L.te_synergy_colours(id)
    if #c == 2 then pairs_[1] = { c[1], c[2] } end
  end
  return pairs_
end

--- p gains their faction's breakthrough (nothing if they have it), then rolls for The Fracture.
function L.te_gain_breakthrough(p)
  local id = L.te_breakthrough_of(p)
  if not id or game.holds(p, "breakthroughs", id) then return end
  game.grant(p, "breakthroughs", id)
  game.log({ key = "te.gains_breakthrough", p = L.pn(p), card = L.name("breakthroughs", id) })
  game.window("breakthrough_gained", { player = p, breakthrough = id })
  L.te_breakthrough_gained(p, id)
  if not L.te_fracture_in_play() then
    local _, rolls = game.roll({ key = "te.fracture_roll", p = L.pn(p) }, 1, 11)
    local r = L.te_heart_of_ixth_die(rolls[1])
    if r == 1 or r == 10 then L.te_fracture_enter(p, "breakthrough") end
  end
end

--- hook: called when p gains breakthrough `id`, before the Fracture roll (a breakthrough that acts at once acts here); does nothing by default.
function L.te_breakthrough_gained(p, id) end

--- Whether p has synergy between every two colours (The Quantumcore): each technology or specialty may then count as any one colour.
function L.te_synergy_all(p)
  return type(p) == "number" and p ~= 0 and game.holds(p, "relics", "the_quantumcore")
end

-- Synergy in research: with a pair {a, b}, p's technologies and ready
-- specialty planets of either colour form one pool that covers
-- prerequisites of both colours (each item once).
local function pool_ok(p, id, exhaust)
  local d = game.data.techs[id]
  if not d or not d.requires then return false end
  local have = L.tech_colors(p)
  local spec = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    for _, s in ipairs(L.planet_specialties(pl)) do spec[s] = (spec[s] or 0) + 1 end
  end
  -- Prerequisites another ability lets p leave out (ti4's Analytical), used
  -- before any planet is exhausted.
  local skip = L.prerequisites_skippable(p, id)
  -- Synergy between every two colours: one pool of every coloured
  -- technology and ready specialty covers all the prerequisites, whatever
  -- their colours (each item counts once, as one colour).
  if L.te_synergy_all(p) then
    local need, techs, symbols = 0, 0, 0
    for _, c in ipairs(game.keys(d.requires)) do need = need + d.requires[c] end
    for _, c in ipairs(game.keys(have)) do techs = techs + have[c] end
    for _, c in ipairs(game.keys(spec)) do symbols = symbols + spec[c] end
    if need > techs + symbols + skip then return false end
    if exhaust then
      local skipped = math.min(skip, math.max(0, need - techs))
      local left = math.max(0, need - techs) - skipped
      for _, pl in ipairs(L.ready_planets(p)) do
        if left <= 0 then break end
        local k = #L.planet_specialties(pl)
        if k > 0 then game.exhaust(pl, true); left = left - k end
      end
      game.log({ key = "te.uses_synergy_all", p = L.pn(p), card = L.name("relics", "the_quantumcore") })
      if skipped > 0 then
        game.log({ key = "te.skips_prerequisites", p = L.pn(p), n = skipped, tech = L.name("techs", id) })
      end
    end
    return true
  end
  for _, pr in ipairs(L.te_synergy_pairs(p)) do
    local a, b = pr[1], pr[2]
    local short = 0
    for _, c in ipairs(game.keys(d.requires)) do
      if c ~= a and c ~= b then short = short + math.max(0, d.requires[c] - (have[c] or 0) - (spec[c] or 0)) end
    end
    local need = (d.requires[a] or 0) + (d.requires[b] or 0)
    local techs = (have[a] or 0) + (have[b] or 0)
    short = short + math.max(0, need - techs - (spec[a] or 0) - (spec[b] or 0))
    if short <= skip then
      if exhaust then
        -- Technologies first (free), then what may be left out, then
        -- planets of either colour; the other colours as research always
        -- does.
        local left = math.max(0, need - techs)
        local skipped = math.min(skip, left)
        left = left - skipped
        local ready = L.ready_planets(p)
        for _, pl in ipairs(ready) do
          if left <= 0 then break end
          local k = L.specialty_count(pl, a) + L.specialty_count(pl, b)
          if k > 0 then game.exhaust(pl, true); left = left - k end
        end
        for _, c in ipairs(game.keys(d.requires)) do
          if c ~= a and c ~= b then
            local miss = d.requires[c] - (have[c] or 0)
            if miss > 0 and skipped < skip then
              local n = math.min(skip - skipped, miss)
              miss, skipped = miss - n, skipped + n
            end
            for _, pl in ipairs(ready) do
              if miss <= 0 then break end
              local k = L.specialty_count(pl, c)
              if k > 0 and not game.exhausted(pl) then game.exhaust(pl, true); miss = miss - k end
            end
          end
        end
        game.log({ key = "te.uses_synergy", p = L.pn(p), a = L.name("colors", a), b = L.name("colors", b) })
        if skipped > 0 then
          game.log({ key = "te.skips_prerequisites", p = L.pn(p), n = skipped, tech = L.name("techs", id) })
        end
      end
      return true
    end
  end
  return false
end

local base_can_research = L.can_research
function L.can_research(p, id)
  if base_can_research(p, id) then return true end
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return false end
  if d.faction and d.faction ~= game.get("player", p, "faction") then return false end
  return pool_ok(p, id, false)
end

local base_gain_tech = L.gain_tech
function L.gain_tech(p, id)
  if base_can_research(p, id) or #L.te_synergy_pairs(p) == 0 or not pool_ok(p, id, false) then
    return base_gain_tech(p, id)
  end
  pool_ok(p, id, true)
  game.grant(p, "techs", id)
  L.reset_cache()
  game.log({ key = "ti4.researches", p = L.pn(p), tech = L.name("techs", id), id = id })
  game.window("tech_gained", { player = p, tech = id })
end

-- Synergy in objectives: each way of moving technologies between the two
-- colours of a pair is one way of counting.
local COLOURS = { "blue", "green", "red", "yellow" }
-- With synergy between every two colours, the technologies spread evenly
-- over each set of colours (one, two, three or all four of them, the
-- first ones getting what does not divide): every way objectives ask for
-- (so many technologies of one colour, or in each of several colours) is
-- among these.
local function all_synergy_counts(total)
  local out = {}
  local function add(set)
    local c = { blue = 0, green = 0, red = 0, yellow = 0 }
    local each, extra = total // #set, total % #set
    for i, col in ipairs(set) do c[col] = each + (i <= extra and 1 or 0) end
    out[#out + 1] = c
  end
  for mask = 1, 15 do
    local set = {}
    for i, col in ipairs(COLOURS) do
      if mask & (1 << (i - 1)) ~= 0 then set[#set + 1] = col end
    end
    add(set)
  end
  return out
end

local base_counts = L.tech_colour_counts
function L.tech_colour_counts(p)
  local out = base_counts(p)
  local c0 = L.tech_colors(p)
  if L.te_synergy_all(p) then
    local total = 0
    for _, col in ipairs(COLOURS) do total = total + (c0[col] or 0) end
    for _, c in ipairs(all_synergy_counts(total)) do out[#out + 1] = c end
  end
  for _, pr in ipairs(L.te_synergy_pairs(p)) do
    for _, dir in ipairs({ { pr[1], pr[2] }, { pr[2], pr[1] } }) do
      local from, to = dir[1], dir[2]
      for k = 1, (c0[from] or 0) do
        local c = {}
        for col, n in pairs(c0) do c[col] = n end
        c[from] = c[from] - k
        c[to] = (c[to] or 0) + k
        out[#out + 1] = c
      end
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Breakthrough cards that are exhausted to use: readied in the status phase.
-- Breakthroughs and relics with an action are component actions.
---------------------------------------------------------------------------
L.COMPONENT_COLLS = { table.unpack(L.COMPONENT_COLLS) }
L.COMPONENT_COLLS[#L.COMPONENT_COLLS + 1] = "breakthroughs"
L.COMPONENT_COLLS[#L.COMPONENT_COLLS + 1] = "relics"
L.COMPONENT_COLLS[#L.COMPONENT_COLLS + 1] = "galactic_events"

--- Whether p's card `id` (a breakthrough or relic) is ready.
function L.te_bt_ready(p, id) return not game.get("player", p, "exhausted:" .. id) end
--- Exhausts p's card `id` (a breakthrough or relic).
function L.te_bt_exhaust(p, id) game.put("player", p, "exhausted:" .. id, true) end

game.on("after:ready_cards", function(ctx)
  for p = 1, game.num_players() do
    for _, id in ipairs(game.holdings(p, "breakthroughs")) do game.put("player", p, "exhausted:" .. id, nil) end
    for _, id in ipairs(L.te_relics_of(p)) do game.put("player", p, "exhausted:" .. id, nil) end
  end
end)

local function holds_bt(p, id) return p ~= 0 and game.holds(p, "breakthroughs", id) end
-- Whether neither player of a simulated fight (`imperium combat`'s board) holds breakthrough `id`.
local function unheld_in_fight(board, id)
  return not holds_bt(board.attacker or 1, id) and not holds_bt(board.defender or 2, id)
end

-- Stellar Genesis (Muaat): the Avernus planet enters a non-home system adjacent
-- to one of p's planets (that planet's own system included).
local base_bt_gained = L.te_breakthrough_gained
function L.te_breakthrough_gained(p, id)
  base_bt_gained(p, id)
  if id ~= "stellar_genesis" or game.get("game", nil, "te_avernus") then return end
  local homes = {}
  for q = 1, game.num_players() do if L.home(q) then homes[L.home(q)] = true end end
  local near = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    local s = game.planet_system(pl)
    -- (A planet is adjacent to its own system as well: LRR 6.3.)
    if s then
      near[s] = true
      for _, t in ipairs(game.adjacent(s)) do near[t] = true end
    end
  end
  local opts = {}
  for _, t in ipairs(game.keys(near)) do
    local d = game.data.systems[game.tile_of(t)]
    if not homes[t] and game.system(t).hex and not (d and d.fracture) then opts[#opts + 1] = game.system(t).hex end
  end
  table.sort(opts)
  if #opts == 0 then return end
  local s = game.system_at(game.choose(p, { key = "te.avernus_system" }, opts))
  game.add_planet("avernus", s)
  game.put("game", nil, "te_avernus", s)
  L.take_control(p, "avernus", false)
  game.log({ key = "te.avernus_placed", p = L.pn(p), system = L.sysname(s) })
end

-- Stellar Genesis's second part: after one of p's war suns moves out of or
-- through Avernus's system into a system that is no home system, p may take
-- the Avernus token along (game.move_planet: the units on Avernus go with
-- it, Muaat keeps its card as it is). The kernel keeps no path, so a war sun
-- that could have come through Avernus's system within its move is offered
-- the move too; answering yes says it came that way.
function L.te_war_sun_passed_avernus(p, m, from, target, rules)
  local a = game.get("game", nil, "te_avernus") and game.planet_system("avernus")
  if not a or a == target or L.def(p, m.unit.kind).type ~= "war_sun" then return false end
  if from == a then return true end
  for _, x in ipairs(rules.stop or {}) do if x == a then return false end end
  for _, x in ipairs(rules.blocked or {}) do if x == a then return false end end
  local c1, c2 = game.move_cost(from, a, rules), game.move_cost(a, target, rules)
  return c1 ~= nil and c2 ~= nil and c1 + c2 <= L.move_value(p, m.unit, from)
end

local base_avernus_ship_moved = L.ship_moved
function L.ship_moved(p, m, from, target, rules, ctx)
  if holds_bt(p, "stellar_genesis") and not L.is_home_system(target)
    and L.te_war_sun_passed_avernus(p, m, from, target, rules) then
    local u = m.unit
    if game.confirm(p, { key = "te.avernus_moves", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(target) }) then
      local was = game.planet_system("avernus")
      game.move_planet("avernus", target)
      game.put("game", nil, "te_avernus", target)
      game.log({ key = "te.avernus_moved", p = L.pn(p), from = L.sysname(was), system = L.sysname(target) })
    end
  end
  return base_avernus_ship_moved(p, m, from, target, rules, ctx)
end

-- N'orr Supremacy (Sardakk): after winning a combat, a command token or a unit upgrade.
-- (A command token only while one is left in reinforcements, as every
-- other gain of a command token in ti4.)
local function norr(p)
  local ups = {}
  for _, t in ipairs(L.researchable(p)) do if game.data.techs[t].unit then ups[#ups + 1] = t end end
  local opts = {}
  if L.reinforcements(p) > 0 then opts[1] = "command_token" end
  for _, t in ipairs(ups) do opts[#opts + 1] = t end
  if #opts == 0 then return end
  local pick = game.choose(p, { key = "te.norr_supremacy" }, opts)
  if pick == "command_token" then
    local pool = game.choose(p, { key = "ti4.place_command_token" }, L.token_pools(p))
    game.add(p, pool, 1)
    game.log({ key = "te.gains_command_token", p = L.pn(p), pool = pool })
  else
    L.gain_tech(p, pick)
  end
end
game.on("after:space_combat", function(ctx)
  for _, p in ipairs({ ctx.player, ctx.defender }) do
    if p and holds_bt(p, "norr_supremacy") and #L.ships(p, ctx.system) > 0 and #L.effect_other_ships(p, ctx.system) == 0 then norr(p) end
  end
end, { plain = function(board) return unheld_in_fight(board, "norr_supremacy") end })
game.on("after:ground_combat", function(ctx)
  for _, p in ipairs({ ctx.player, ctx.defender }) do
    if p and holds_bt(p, "norr_supremacy") and #L.ground(p, ctx.planet) > 0 then
      local other = false
      for _, u in ipairs(game.units { planet = ctx.planet, not_owner = p }) do
        if L.counts_as_other(p, u.owner) and L.def(u.owner, u.kind).class == "ground" then other = true end
      end
      if not other then norr(p) end
    end
  end
end)

-- Auto-Factories (Hacan): 3 or more non-fighter ships in one production.
local function big_ships(p)
  local n = 0
  for _, u in ipairs(game.units { owner = p }) do
    local d = L.def(p, u.kind)
    if d.class == "ship" and d.type ~= "fighter" then n = n + 1 end
  end
  return n
end
game.on("before:production", function(ctx)
  if ctx.player and holds_bt(ctx.player, "auto_factories") then ctx.te_ships_before = big_ships(ctx.player) end
end)
game.on("after:production", function(ctx)
  local p = ctx.player
  if not (p and ctx.te_ships_before and holds_bt(p, "auto_factories")) then return end
  if big_ships(p) - ctx.te_ships_before >= 3 then
    if L.reinforcements(p) > 0 then
      game.add(p, "fleet", 1)
      game.log({ key = "te.gains_command_token", p = L.pn(p), pool = "fleet" })
    end
  end
end)

-- Archon's Gift (Xxcha): each planet spent gives the higher of its two values.
local base_spendable = L.spendable
function L.spendable(p, kind)
  if not holds_bt(p, "archons_gift") or (kind ~= "resources" and kind ~= "influence") then return base_spendable(p, kind) end
  local n = base_spendable(p, kind)
  local other = kind == "resources" and "influence" or "resources"
  for _, pl in ipairs(L.ready_planets(p)) do
    local d = L.pdef(pl)
    if (d[other] or 0) > (d[kind] or 0) then n = n + (d[other] or 0) - (d[kind] or 0) end
  end
  return n
end
local base_pay = L.pay
function L.pay(p, amount, kind)
  if not holds_bt(p, "archons_gift") or (kind ~= "resources" and kind ~= "influence") or amount <= 0
    or base_spendable(p, kind) >= amount then
    return base_pay(p, amount, kind)
  end
  if L.spendable(p, kind) < amount then return false end
  -- Planets by their better value, largest first, then trade goods.
  local ready = L.ready_planets(p)
  table.sort(ready, function(a, b)
    local da, db = L.pdef(a), L.pdef(b)
    local va = math.max(da.resources or 0, da.influence or 0)
    local vb = math.max(db.resources or 0, db.influence or 0)
    if va ~= vb then return va > vb end
    return a < b
  end)
  local left, used = amount, {}
  for _, pl in ipairs(ready) do
    if left <= 0 then break end
    local d = L.pdef(pl)
    local v = math.max(d.resources or 0, d.influence or 0)
    if v > 0 then game.exhaust(pl, true); used[#used + 1] = pl; left = left - v end
  end
  local tg = math.max(left, 0)
  if tg > 0 then game.add(p, "tg", -tg) end
  game.log({ key = "te.archons_gift_pays", p = L.pn(p), n = amount, kind = kind, planets = table.concat(used, ","), tg = tg })
  return true
end

-- The Table's Grace (Mentak): with Cruiser II, Mentak's cruisers are Corsairs.
local base_def = L.def
function L.def(p, t)
  local d = base_def(p, t)
  if d.id == "cruiser_2" and p and p ~= "game" and type(p) == "number" and holds_bt(p, "tables_grace") then
    return game.data.units.corsair
  end
  return d
end
L.plain_wrapper(L.def, base_def, function(board) return unheld_in_fight(board, "tables_grace") end)

-- The Corsair's movement: when the active system holds another player's
-- non-fighter ships, Mentak's Corsairs may move through systems with other
-- players' ships (those systems leave the stop list for them alone).
local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if not (type(p) == "number" and p ~= 0 and holds_bt(p, "tables_grace")) then return out end
  if L.def(p, "cruiser").id ~= "corsair" then return out end
  local prey = false
  for _, u in ipairs(game.units { system = target, not_owner = p }) do
    if u.owner ~= 0 and L.counts_as_other(p, u.owner) and u.kind ~= "fighter" and L.def(u.owner, u.kind).class == "ship" then prey = true end
  end
  if not prey then return out end
  local held = L.other_ship_systems(p)
  local free = {}
  for k, v in pairs(rules) do free[k] = v end
  free.stop = {}
  for _, x in ipairs(rules.stop or {}) do if not held[x] then free.stop[#free.stop + 1] = x end end
  local have = {}
  for _, m in ipairs(out) do have[m.unit.id] = true end
  for _, u in ipairs(game.units { owner = p, kind = "cruiser", space = true }) do
    if not have[u.id] and u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
      local cost = game.move_cost(u.system, target, free)
      if cost and cost <= L.move_value(p, u, u.system) then out[#out + 1] = { unit = u, cost = cost } end
    end
  end
  return out
end

-- Gravleash Maneuvers (Letnev), its combat part: before rolling in each
-- round of a space combat the holder picks one of its ship types in the
-- combat; the first die that type rolls is X better, X being the number of
-- ship types the holder has in the combat. (Our reading of "1 of your
-- ship's rolls": one die of one ship, chosen before the dice, and the
-- type's first die, the dice of a type being rolled together; UNCERTAIN.)
local GRAVLEASH = "te_gravleash"
local function ship_types(p, s)
  local kinds, types = {}, {}
  for _, u in ipairs(L.ships(p, s)) do
    local d = L.def(p, u.kind)
    if d.combat and not kinds[u.kind] then kinds[u.kind] = true; kinds[#kinds + 1] = u.kind end
    types[d.type or u.kind] = true
  end
  local n = 0
  for _ in pairs(types) do n = n + 1 end
  table.sort(kinds)
  return kinds, n
end
game.on("combat_round_start", function(rc)
  if rc.ground or not rc.system then return end
  for _, p in ipairs({ rc.attacker, rc.defender }) do
    if p and holds_bt(p, "gravleash_maneuvers") then
      local kinds, x = ship_types(p, rc.system)
      if #kinds > 0 then
        local kind = game.choose(p, { key = "te.gravleash_ship", n = x }, kinds)
        game.put("game", nil, GRAVLEASH .. ":" .. p, { kind = kind, x = x, system = rc.system, round = rc.round })
        game.log({ key = "te.gravleash_chosen", p = L.pn(p), unit = kind, n = x })
      end
    end
  end
end, { plain = function(board) return unheld_in_fight(board, "gravleash_maneuvers") end })
game.on("combat_rolled", function(w)
  local p = w.player
  if w.ground or not p or p == 0 then return end
  local g = game.get("game", nil, GRAVLEASH .. ":" .. p)
  if not g then return end
  game.put("game", nil, GRAVLEASH .. ":" .. p, nil)
  if g.system ~= w.system or g.round ~= w.round then return end
  for _, grp in ipairs(w.groups or {}) do
    if grp.kind == g.kind then
      local first = grp.rolls and grp.rolls[1]
      if first and first < grp.target and first + g.x >= grp.target then
        grp.hits = grp.hits + 1
        w.hits = w.hits + 1
        game.log({ key = "te.gravleash_hit", p = L.pn(p), unit = g.kind, roll = first, n = g.x })
      end
      return
    end
  end
end, { plain = function(board) return unheld_in_fight(board, "gravleash_maneuvers") end })

-- Gravleash Maneuvers (Letnev), its movement part: a moving non-fighter ship
-- has the best move value among Letnev's non-fighter ships in the system it
-- starts in.
local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if not holds_bt(p, "gravleash_maneuvers") or L.def(p, u.kind).type == "fighter" then return m end
  for _, v in ipairs(game.units { system = from, owner = p, space = true }) do
    if v.id ~= u.id and v.carried == nil then
      local d = L.def(p, v.kind)
      if d.class == "ship" and d.type ~= "fighter" then m = math.max(m, base_move_value(p, v, from)) end
    end
  end
  return m
end

-- Particle Synthesis (Creuss): each wormhole in a system with Creuss ships
-- produces 1; units produced in a system with wormholes cost 1 less in all
-- for each wormhole there.
local base_production = L.production
function L.production(p, s)
  local n = base_production(p, s)
  if s and type(p) == "number" and holds_bt(p, "particle_synthesis") and #L.ships(p, s) > 0 then
    n = n + #L.wormholes_in(s)
  end
  return n
end
local base_discount = L.production_discount
function L.production_discount(ctx)
  local n = base_discount(ctx)
  local p, s = ctx.player, ctx.system
  if s and type(p) == "number" and holds_bt(p, "particle_synthesis") then n = n + #L.wormholes_in(s) end
  return n
end

-- Imperator (Winnu), its combat part: each combat roll of the holder's
-- units is 1 better for each Support for the Throne in the opponent's play
-- area (space and ground combat, every round).
local function thrones_in_area(q)
  local n = 0
  for _, card in ipairs(game.zone("notes_area:" .. q)) do
    if L.note_of(card) == "support_for_the_throne" then n = n + 1 end
  end
  return n
end
game.on("combat_round_start", function(rc)
  for _, p in ipairs({ rc.attacker, rc.defender }) do
    local q = p == rc.attacker and rc.defender or rc.attacker
    if p and q and q ~= 0 and rc.mods and holds_bt(p, "imperator") then
      local n = thrones_in_area(q)
      if n > 0 then
        rc.mods[p] = rc.mods[p] or {}
        rc.mods[p].all = (rc.mods[p].all or 0) + n
        game.log({ key = "te.imperator_bonus", p = L.pn(p), q = L.pn(q), n = n })
      end
    end
  end
end, { plain = function(board) return unheld_in_fight(board, "imperator") end })

-- Imperator (Winnu), its movement part: after activating a system with a
-- legendary planet, one Winnu ship moves 1 further in that tactical action.
game.on("after:activation", function(ctx)
  local p, s = ctx.player, ctx.system
  if not (p and s and holds_bt(p, "imperator")) then return end
  local legendary = false
  for _, pl in ipairs(game.planets_of(s)) do if L.pdef(pl).legendary then legendary = true end end
  if not legendary then return end
  local opts = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and u.system ~= s and not game.has_token(u.system, "command", p)
      and L.def(p, u.kind).class == "ship" and (L.def(p, u.kind).move or 0) > 0 then
      opts[#opts + 1] = u.kind .. "#" .. u.id
    end
  end
  if #opts == 0 then return end
  local pick = game.choose(p, { key = "te.ship_to_speed_imperator" }, opts)
  local id = tonumber(pick:match("#(%d+)$"))
  game.put("unit", id, "move_bonus", (game.get("unit", id, "move_bonus") or 0) + 1)
  game.put("game", nil, "te_imperator_unit", id)
  game.log({ key = "te.ship_speeds", p = L.pn(p), unit = pick })
end)
game.on("after:tactical_action", function(ctx)
  local id = game.get("game", nil, "te_imperator_unit")
  if id and game.unit_exists(id) then
    game.put("unit", id, "move_bonus", math.max(0, (game.get("unit", id, "move_bonus") or 1) - 1))
  end
  game.put("game", nil, "te_imperator_unit", nil)
end)

-- Bellum Gloriosum (Sol): ground forces and fighters produced with a ship
-- that has capacity, up to that capacity, do not count against the
-- production value. (They are offered while the production step goes on:
-- once the production value is used up the step ends.)
local base_counted = L.production_counted
function L.production_counted(ctx, kind, n, st)
  local c = base_counted(ctx, kind, n, st)
  local p = st.player
  if not holds_bt(p, "bellum_gloriosum") then return c end
  local d = L.def(p, kind)
  if d.class == "ship" and (d.capacity or 0) > 0 then
    st.te_bellum = (st.te_bellum or 0) + d.capacity * n
    return c
  end
  if (d.class == "ground" or d.type == "fighter") and (st.te_bellum or 0) >= n then
    st.te_bellum = st.te_bellum - n
    return 0
  end
  return c
end

-- Specialist Compounds (Jol-Nar): with the Technology card, exhaust a
-- specialty planet instead of paying resources; the technology must then
-- be of that planet's colour.
local function specialty_ready(p)
  local out = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    if #L.planet_specialties(pl) > 0 then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end
local base_can_pay_research = L.can_pay_research
function L.can_pay_research(p, amount)
  if base_can_pay_research(p, amount) then return true end
  return holds_bt(p, "specialist_compounds") and #specialty_ready(p) > 0
end
local base_pay_research = L.pay_research
function L.pay_research(p, amount)
  if amount > 0 and holds_bt(p, "specialist_compounds") and #specialty_ready(p) > 0 then
    local opts = {}
    if base_can_pay_research(p, amount) then opts[1] = "resources" end
    for _, pl in ipairs(specialty_ready(p)) do opts[#opts + 1] = pl end
    local pick = game.choose(p, { key = "te.specialist_compounds", n = amount }, opts)
    if pick ~= "resources" then
      game.exhaust(pick, true)
      local colours = {}
      for _, c in ipairs(L.planet_specialties(pick)) do
        local dup = false
        for _, x in ipairs(colours) do if x == c then dup = true end end
        if not dup then colours[#colours + 1] = c end
      end
      local colour = game.choose(p, { key = "te.specialist_colour" }, colours)
      game.log({ key = "te.specialist_compounds_used", p = L.pn(p), planet = L.name("planets", pick), color = L.name("colors", colour) })
      return colour
    end
  end
  return base_pay_research(p, amount)
end

-- Yin Ascendant (Yin): on gaining it and on scoring a public objective, the
-- alliance ability of a random faction nobody plays (L.te_gain_alliance_ability;
-- the abilities themselves are commanders' texts, left to Prophecy of Kings).
local function yin_alliance(p)
  local used = {}
  for q = 1, game.num_players() do used[game.get("player", q, "faction") or ""] = true end
  local free = {}
  for _, f in ipairs(game.keys(game.data.factions)) do
    if not used[f] and not game.get("player", p, "te_alliance:" .. f) then free[#free + 1] = f end
  end
  if #free == 0 then return end
  L.te_gain_alliance_ability(p, free[game.random(#free)])
end
local base_bt_gained_yin = L.te_breakthrough_gained
function L.te_breakthrough_gained(p, id)
  base_bt_gained_yin(p, id)
  if id == "yin_ascendant" then yin_alliance(p) end
end
local base_score = L.score
function L.score(p, coll, id)
  local r = base_score(p, coll, id)
  if coll == "public_objectives" and holds_bt(p, "yin_ascendant") then yin_alliance(p) end
  return r
end

-- Mindsieve (Naalu): instead of a strategy token for another player's
-- secondary, the holder may give that player a promissory note.
local function mindsieve_notes(q, ctx)
  if not (ctx and ctx.player and ctx.player ~= q and holds_bt(q, "mindsieve")) then return {} end
  return L.notes_in_hand(q)
end
local base_may_pay_secondary = L.may_pay_secondary
function L.may_pay_secondary(q, d, ctx)
  return base_may_pay_secondary(q, d, ctx) or #mindsieve_notes(q, ctx) > 0
end
local base_pay_secondary = L.pay_secondary
function L.pay_secondary(q, d, ctx)
  local notes = mindsieve_notes(q, ctx)
  if #notes == 0 then return base_pay_secondary(q, d, ctx) end
  local opts = {}
  if game.counter(q, "strategy") > 0 then opts[1] = "token" end
  for _, c in ipairs(notes) do opts[#opts + 1] = c end
  local pick = game.choose(q, { key = "te.mindsieve_pay", q = L.pn(ctx.player) }, opts)
  if pick == "token" then return base_pay_secondary(q, d, ctx) end
  game.move_card(pick, "notes:" .. q, "notes:" .. ctx.player)
  game.log({ key = "te.mindsieve_gives", p = L.pn(q), q = L.pn(ctx.player), note = L.note_label(pick) })
  L.note_received(ctx.player, pick)
end

---------------------------------------------------------------------------
-- Deepgloom Executable (Yssaril): its holder may let another player use
-- Stall Tactics (an action: discard 1 action card) or Scheming (having
-- drawn action cards, draw 1 more and discard 1); when they do, the holder
-- may resolve a transaction with that player, outside the transaction
-- limit (the usual rules on who may trade still apply).
---------------------------------------------------------------------------
local DEEPGLOOM = "deepgloom_executable"

--- The player holding Deepgloom Executable, or nil.
function L.te_deepgloom_holder()
  for q = 1, game.num_players() do
    if holds_bt(q, DEEPGLOOM) and not L.eliminated(q) then return q end
  end
  return nil
end

-- p discards an action card of their choice (key: the decision's); returns it.
local function discard_one(p, why, key)
  local hand, seen = {}, {}
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  table.sort(hand)
  if #hand == 0 then return nil end
  local c = game.choose(p, { key = key, ability = why }, hand)
  L.discard_action_card(p, c)
  return c
end

-- The holder's transaction with player p after p used one of the abilities.
local function deepgloom_transaction(y, p)
  if not L.may_trade(y, p) then return end
  local pairs = {}
  for q = 1, game.num_players() do
    if q ~= y and q ~= p then pairs[math.min(y, q) .. ":" .. math.max(y, q)] = true end
  end
  game.call("transaction", { player = y, pairs = pairs })
end

local base_action_options = game.procedure_fn("action_options")
procedure("action_options", function(p)
  local opts = base_action_options(p)
  local y = L.te_deepgloom_holder()
  if not y or y == p or game.zone_count("actions:" .. p) == 0 then return opts end
  local last = opts[#opts] == "pass" and table.remove(opts) or nil
  opts[#opts + 1] = "deepgloom:stall_tactics"
  if last then opts[#opts + 1] = last end
  return opts
end)

local base_take_action_dg = L.take_action
function L.take_action(p, act)
  if act ~= "deepgloom:stall_tactics" then return base_take_action_dg(p, act) end
  local y = L.te_deepgloom_holder()
  local why = L.name("abilities", "stall_tactics")
  local ctx = { player = p, active = p }
  if game.choose(y, { key = "te.deepgloom_allow", q = L.pn(p), ability = why }, { "yes", "no" }) ~= "yes" then
    game.log({ key = "te.deepgloom_refused", p = L.pn(y), q = L.pn(p), ability = why })
    return ctx
  end
  local c = discard_one(p, why, "ti4.stall_tactics_discard")
  if c then game.log({ key = "ti4.stall_tactics_discards", p = L.pn(p), card = L.name("action_cards", c), ability = why }) end
  deepgloom_transaction(y, p)
  return ctx
end

-- Scheming for another player: asked once the cards are drawn.
local scheming_now = false
local base_draw_dg = L.draw
function L.draw(deckname, discard, to, n)
  local got = base_draw_dg(deckname, discard, to, n)
  local p = tonumber((to or ""):match("^actions:(%d+)$"))
  local y = L.te_deepgloom_holder()
  if scheming_now or not p or not y or y == p or #got == 0 or game.holds(p, "abilities", "scheming") then return got end
  local why = L.name("abilities", "scheming")
  if game.choose(p, { key = "te.deepgloom_use", q = L.pn(y), ability = why }, { "no", "yes" }) ~= "yes" then return got end
  if game.choose(y, { key = "te.deepgloom_allow", q = L.pn(p), ability = why }, { "yes", "no" }) ~= "yes" then
    game.log({ key = "te.deepgloom_refused", p = L.pn(y), q = L.pn(p), ability = why })
    return got
  end
  scheming_now = true
  local extra = base_draw_dg(deckname, discard, to, 1)
  scheming_now = false
  discard_one(p, why, "ti4.scheming_discard")
  game.log({ key = "ti4.scheming", p = L.pn(p), n = #extra, ability = why })
  deepgloom_transaction(y, p)
  return got
end

---------------------------------------------------------------------------
-- Valefar Assimilator Z (Nekro): when one of the holder's faction abilities
-- would give them another player's technology, they may instead put one of
-- their 7 Z tokens on that player's faction sheet (player prop
-- `te_valefar_z:<faction>`); their flagship then has the text abilities of
-- that faction's flagship as well as its own. ti4 asks every flagship
-- ability through L.has_flagship_ability / L.flagship_field (this adds the
-- marked factions' flagships to L.flagship_abilities of the holder's
-- flagship); the flagship abilities that react in a window are their
-- faction's script, which the breakthrough's own script runs for the holder
-- (cards/breakthroughs.yaml, L.te_valefar_run), as it offers the Muaat
-- flagship's action through its `component`.
---------------------------------------------------------------------------
local VALEFAR_Z = "valefar_assimilator_z"
local VALEFAR_Z_TOKENS = 7

--- The factions whose sheet holds one of p's Valefar Assimilator Z tokens, sorted.
function L.te_valefar_marked(p)
  local out = {}
  if p == 0 or not holds_bt(p, VALEFAR_Z) then return out end
  for _, f in ipairs(game.keys(game.data.factions)) do
    if game.get("player", p, "te_valefar_z:" .. f) then out[#out + 1] = f end
  end
  return out
end

local base_flagship_abilities = L.flagship_abilities
function L.flagship_abilities(p, u)
  local out = base_flagship_abilities(p, u)
  if #out == 0 or type(p) ~= "number" or p == 0 or not holds_bt(p, VALEFAR_Z) then return out end
  local copy = { table.unpack(out) }
  for _, f in ipairs(L.te_valefar_marked(p)) do
    local fid = game.data.factions[f].units and game.data.factions[f].units.flagship
    if fid and fid ~= copy[1] then copy[#copy + 1] = fid end
  end
  return copy
end

local function listens(d, win)
  for _, w in ipairs(d.windows or {}) do if w == win then return true end end
  return false
end

--- Runs, for p holding Valefar Assimilator Z, the script of each faction marked with p's Z token that listens to window `win` (the flagship abilities p's flagship has through it).
function L.te_valefar_run(win, ctx, p)
  for _, f in ipairs(L.te_valefar_marked(p)) do
    local d = game.data.factions[f]
    local h = d.handler
    if h and listens(d, win) then
      if type(h) == "function" then h(ctx, p, d)
      else
        local fn = h[win] or h.run
        if fn and (not h.when or h.when(ctx, p, d)) then fn(ctx, p, d) end
      end
    end
  end
end

-- The marked factions' scripts with an action (the Muaat flagship's).
local function valefar_component(p)
  for _, f in ipairs(L.te_valefar_marked(p)) do
    local d = game.data.factions[f]
    local h = d.handler
    if type(h) == "table" and h.component and (not h.usable or h.usable(p, d)) then return d end
  end
  return nil
end
--- Whether p may use the action of a flagship their Valefar Assimilator Z token gives them.
function L.te_valefar_usable(p) return valefar_component(p) ~= nil end
--- p uses the action of a flagship their Valefar Assimilator Z token gives them (the first such faction's, in faction order).
function L.te_valefar_component(p)
  local d = valefar_component(p)
  if d then return d.handler.component(p, d) end
end

-- The choice: before the technology, p says whose faction sheet takes a
-- Z token ("none": take a technology as usual). A token placed returns
-- true: the ability was used (Technological Singularity waits for the next
-- combat), no technology taken.
local base_nekro_take_tech = L.nekro_take_tech
function L.nekro_take_tech(p, owners, ability)
  if not holds_bt(p, VALEFAR_Z) then return base_nekro_take_tech(p, owners, ability) end
  local placed = #L.te_valefar_marked(p)
  local mine = game.get("player", p, "faction")
  local opts, seen = { "none" }, {}
  if placed < VALEFAR_Z_TOKENS then
    local list = {}
    for _, q in ipairs(owners) do
      local f = game.get("player", q, "faction")
      if q ~= p and f and f ~= mine and not seen[f] and not game.get("player", p, "te_valefar_z:" .. f) then
        seen[f] = true
        list[#list + 1] = f
      end
    end
    table.sort(list)
    for _, f in ipairs(list) do opts[#opts + 1] = f end
  end
  if #opts == 1 then return base_nekro_take_tech(p, owners, ability) end
  local pick = game.choose(p, { key = "te.valefar_z_place", card = L.name("breakthroughs", VALEFAR_Z), ability = L.name("abilities", ability) }, opts)
  if pick == "none" then return base_nekro_take_tech(p, owners, ability) end
  game.put("player", p, "te_valefar_z:" .. pick, true)
  local fid = game.data.factions[pick].units.flagship
  game.log({ key = "te.valefar_z_placed", p = L.pn(p), card = L.name("breakthroughs", VALEFAR_Z), faction = L.name("factions", pick),
    unit = L.name("units", fid), ability = L.name("abilities", ability) })
  return true
end

-- An eliminated player's breakthrough goes to the box with their faction
-- sheet (LRR 33.2: ti4's L.eliminate takes technologies and abilities):
-- none of its effects acts any more (Data Skimmer would otherwise keep
-- every card discarded, its holder never passing).
local base_eliminate = L.eliminate
function L.eliminate(p)
  local r = base_eliminate(p)
  for _, id in ipairs(game.holdings(p, "breakthroughs")) do game.revoke(p, "breakthroughs", id) end
  return r
end

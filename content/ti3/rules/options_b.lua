-- Shattered Empire optional rules (part B): space mines, facilities,
-- artifacts, Distant Suns and Final Frontier domain counters, the Wormhole
-- Nexus; and the drafted galaxy (setup args.map == "draft").
-- Data, sources and paraphrased counter texts: options_b.yaml.
--
-- Hooking in: this file wraps `setup` (defined by game.lua, loaded before
-- it). Everything else is wrapped when setup starts (B.install), so the wraps
-- sit on top of whatever the other rules files (some load after this one)
-- define. Each rule checks its option (game.options.<id>) when it runs.
--
-- Where the SE rulebook is not in the public sources, the rule is our memory
-- of it or a third-party summary and is marked UNCERTAIN; "SA" marks rules
-- taken from the Shattered Ascension rulebook where the TI3/SE sources are
-- silent.
local L = game.lib
local B = {}
L.optb = B

local function opt(id) return game.options[id] end
local function round_no() return game.get("game", nil, "round") or 0 end

-- Fisher-Yates with the game's generator.
function B.shuffle(list)
  for i = #list, 2, -1 do
    local j = game.random(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

local function udef(kind) return game.data.units[kind] end

local function is_home_system(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and (d.kind == "home" or d.home_of) then return true end
  for p = 1, game.num_players() do
    if game.get("player", p, "home") == s then return true end
  end
  return false
end

local function is_mecatol(s) return game.tile_of(s) == "mecatol_rex" end

-- Units of p of a kind on the board, for component limits.
local function count_kind(p, kind) return game.count_units { owner = p, kind = kind } end

local function room_for(p, kind, n)
  local d = L.def(p, kind)
  if d.limit and d.type ~= "fighter" and d.type ~= "ground_force" then
    return math.max(0, math.min(n, d.limit - count_kind(p, kind)))
  end
  return n
end

---------------------------------------------------------------------------
-- Wormholes printed on the tile plus those a domain counter added.
function B.wormholes(s)
  local out, seen = {}, {}
  local d = game.data.systems[game.tile_of(s)]
  for _, w in ipairs((d and d.wormholes) or {}) do
    if not seen[w] then seen[w] = true; out[#out + 1] = w end
  end
  for _, w in ipairs(game.get("system", s, "se_wormholes") or {}) do
    if not seen[w] then seen[w] = true; out[#out + 1] = w end
  end
  return out
end

local function has_wormhole(s, w)
  for _, x in ipairs(B.wormholes(s)) do if x == w then return true end end
  return false
end

-- A system gains a wormhole: it becomes adjacent to every system with the same one.
function B.add_wormhole(s, w)
  if has_wormhole(s, w) then return end
  local list = game.get("system", s, "se_wormholes") or {}
  list[#list + 1] = w
  game.put("system", s, "se_wormholes", list)
  for t = 1, game.num_systems() do
    if t ~= s and has_wormhole(t, w) then game.link(s, t, "wormhole:" .. w) end
  end
  game.log({ key = "ti3.gains_wormhole", system = L.sysname(s), wormhole = w })
end

-- Anomalies a counter turned a system into (Final Frontier gravity rift / supernova).
local function extra_anomalies() return game.get("game", nil, "se_anomalies") or {} end

function B.set_anomaly(s, a)
  local t = extra_anomalies()
  t[tostring(s)] = a
  game.put("game", nil, "se_anomalies", t)
  game.log({ key = "ti3.becomes_anomaly", system = L.sysname(s), anomaly = L.name("anomalies", a) })
end

function B.anomaly_of(s) return extra_anomalies()[tostring(s)] end

---------------------------------------------------------------------------
-- Fights against neutral units spawned by a counter. Nobody owns them; their
-- dice are rolled by the game ("allow another player to roll" in domain.txt).
-- `neutrals` is a list of {kind=, hit=, sustain=}. Hits on neutrals go first to
-- an undamaged unit that can sustain damage, then to the unit with the worst
-- (highest) combat value (SA: neutral units lose their weakest units first).
-- Returns true when p has units left and the neutrals are all gone.
-- hook: a neutral unit of `kind` was destroyed in the fight `label` (default: nothing more).
function B.neutral_destroyed(kind, label) end

-- hook: how many neutral units counter c fields where it is resolved (`where`: planet, system, counter id; default c.value).
function B.neutral_count(c, where) return c.value end

local function neutral_fight(p, mine_fn, neutrals, label)
  local rounds = 0
  -- Against neutral ground forces it is a ground combat: with the Shock
  -- Troops option p's shock troops take his hits first (rules/options_a.lua).
  local first = neutrals[1] and (udef(neutrals[1].kind) or {}).class == "ground" and opt("shock_troops")
  local hit_opts = first and { se_shock_first = true } or nil
  while #mine_fn() > 0 and #neutrals > 0 do
    rounds = rounds + 1
    local hp = L.combat_roll(p, mine_fn(), {}, label)
    local hn = 0
    local groups, order = {}, {}
    for _, n in ipairs(neutrals) do
      if not groups[n.hit] then groups[n.hit] = { kind = n.kind, n = 0 }; order[#order + 1] = n.hit end
      groups[n.hit].n = groups[n.hit].n + 1
    end
    table.sort(order)
    for _, hit in ipairs(order) do
      hn = hn + game.roll({ key = "ti3.neutral_roll", unit = groups[hit].kind, label = label }, groups[hit].n, hit)
    end
    for _ = 1, hp do
      if #neutrals == 0 then break end
      local done = false
      for _, n in ipairs(neutrals) do
        if n.sustain and not n.damaged then
          n.damaged = true; done = true
          game.log({ key = "ti3.neutral_sustains_damage", unit = n.kind })
          break
        end
      end
      if not done then
        local worst = 1
        for i, n in ipairs(neutrals) do if n.hit > neutrals[worst].hit then worst = i end end
        game.log({ key = "ti3.neutral_destroyed", unit = neutrals[worst].kind })
        B.neutral_destroyed(neutrals[worst].kind, label)
        table.remove(neutrals, worst)
      end
    end
    L.assign_hits(p, mine_fn(), hn, label, hit_opts)
    if rounds > 100 then error(label .. " did not end") end
  end
  local won = #neutrals == 0 and #mine_fn() > 0
  game.log({ key = won and "ti3.neutral_fight_won" or "ti3.neutral_fight_lost", label = label, p = L.pn(p) })
  return won
end

local function neutral_units(kind, n)
  local d = udef(kind)
  local out = {}
  for _ = 1, n do out[#out + 1] = { kind = kind, hit = d.combat, sustain = d.sustain_damage } end
  return out
end

local function destroy(u, why)
  if game.unit_exists(u.id) then
    game.remove_unit(u.id)
    game.log({ key = "ti3.unit_destroyed_why", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, why = why })
  end
end

-- Free ships worth up to `budget` resources, placed in s (Hidden Factory).
local function free_ships(p, s, budget, why)
  while budget > 0 do
    local opts = { "done" }
    for _, t in ipairs(L.unit_types()) do
      local d = L.has_unit(p, t) and L.def(p, t)
      if d and d.class == "ship" and d.cost and d.cost <= budget
        and not (d.requires_tech and not game.holds(p, "techs", d.requires_tech))
        and room_for(p, t, 1) > 0 then
        opts[#opts + 1] = t
      end
    end
    local pick = game.choose(p, { key = "ti3.take_free_ships", why = why, budget = budget }, opts)
    if pick == "done" then break end
    local d = L.def(p, pick)
    budget = budget - d.cost
    local n = room_for(p, pick, d.per_cost or 1)
    for _ = 1, n do game.spawn(pick, p, { system = s }) end
    game.log({ key = "ti3.gets_free_ships", p = L.pn(p), n = n, unit = pick, system = L.sysname(s), why = why })
  end
  L.enforce_limits(p, s)
end

local function free_technology(chooser, p, why, optional)
  local opts = L.researchable(p)
  if #opts == 0 then
    game.log({ key = "ti3.no_technology_to_gain", p = L.pn(p), why = why })
    return
  end
  if optional then table.insert(opts, 1, "none") end
  local pick = game.choose(chooser, { key = "ti3.free_technology", p = L.pn(p), why = why }, opts)
  if pick ~= "none" then L.gain_tech(p, pick) end
end

---------------------------------------------------------------------------
-- SPACE MINES (SE). From the fandom wiki summary of the SE rule (public web pages):
--   * one mine per activation, for 2 resources, during the production step of
--     a tactical action, in the activated system if the active player has a
--     cruiser there (a cruiser built in the same step does not count);
--   * 12 tokens in all (componentcounts.txt);
--   * after the space cannon step, the active player rolls one die for each of
--     his non-fighter ships that ended their move in a system with another
--     player's mine: each 9+ is a hit on those ships; then one mine token of
--     that player is removed. Mines roll once per activation whatever their
--     number; ships moving through are not affected.
-- Maneuvering Jets (techs.yaml reading): rolls against its owner need 10.
-- UNCERTAIN: mines of several players in one system: the first owner clockwise
-- from the active player triggers (neutral mines from a political card last).
-- Mines are not units. Movement outside tactical and transfer actions (e.g.
-- retreats) does not trigger them here.
B.MINES = 12

local function mine_owners(s)
  local out = {}
  for q = 1, game.num_players() do
    if (game.get("system", s, "se_mines:" .. q) or 0) > 0 then out[#out + 1] = q end
  end
  if (game.get("system", s, "se_mines:none") or 0) > 0 then out[#out + 1] = "none" end
  return out
end

function B.mine_count(s, owner)
  if owner == nil then
    local n = 0
    for _, q in ipairs(mine_owners(s)) do n = n + game.get("system", s, "se_mines:" .. q) end
    return n
  end
  return game.get("system", s, "se_mines:" .. tostring(owner)) or 0
end

function B.mines_on_board() return game.counter("game", "se_mines") end

-- The space mines in system s: how many `owner` (a player, or "none") has
-- there, or all of them with owner nil (for rules and cards of variants).
function L.space_mines(s, owner) return B.mine_count(s, owner) end

-- Places a mine of `owner` (a player, or nil / "none" for a mine no player owns).
function B.place_mine(s, owner)
  owner = owner or "none"
  if B.mines_on_board() >= B.MINES then
    game.log({ key = "ti3.no_space_mine_token" })
    return false
  end
  game.put("system", s, "se_mines:" .. tostring(owner), B.mine_count(s, owner) + 1)
  game.add("game", "se_mines", 1)
  if owner == "none" then
    game.log({ key = "ti3.neutral_space_mine", system = L.sysname(s) })
  else
    game.log({ key = "ti3.lays_space_mine", p = L.pn(owner), system = L.sysname(s) })
  end
  return true
end

function B.remove_mine(s, owner)
  owner = owner or "none"
  local n = B.mine_count(s, owner)
  if n <= 0 then return false end
  game.put("system", s, "se_mines:" .. tostring(owner), n > 1 and (n - 1) or nil)
  game.add("game", "se_mines", -1)
  if owner ~= "none" then
    game.log({ key = "ti3.space_mine_of_removed", p = L.pn(owner), system = L.sysname(s) })
  else
    game.log({ key = "ti3.space_mine_removed", system = L.sysname(s) })
  end
  return true
end

-- Removes one space mine of `owner` (a player, or "none") from s; false if
-- there is none (for rules and cards of variants).
function L.remove_space_mine(s, owner) return B.remove_mine(s, owner) end

-- p's non-fighter ships `movers` (unit ids) ended their move in s.
function B.trigger_mines(p, s, movers)
  if not opt("space_mines") or #movers == 0 then return end
  local owner
  for _, q in ipairs(L.order_from(p)) do
    if q ~= p and B.mine_count(s, q) > 0 then owner = q; break end
  end
  if not owner and B.mine_count(s, "none") > 0 then owner = "none" end
  if not owner then return end
  local ids = {}
  for _, id in ipairs(movers) do ids[id] = true end
  local ships = {}
  for _, u in ipairs(L.ships(p, s)) do
    if ids[u.id] and L.def(p, u.kind).type ~= "fighter" then ships[#ships + 1] = u end
  end
  if #ships == 0 then return end
  local target = 9 + (game.holds(p, "techs", "maneuvering_jets") and 1 or 0)
  local hits = game.roll({ key = "ti3.space_mines_roll", p = L.pn(p), system = L.sysname(s) }, #ships, target)
  B.remove_mine(s, owner)
  L.assign_hits(p, ships, hits, "space mine", { source = (owner ~= "none") and owner or nil })
end

local function lay_mine(p, s)
  if B.mines_on_board() >= B.MINES or L.spendable(p, "resources") < 2 then return end
  if game.choose(p, { key = "ti3.lay_space_mine", system = L.sysname(s) }, { "no", "yes" }) == "yes" then
    L.pay(p, 2, "resources")
    B.place_mine(s, p)
  end
end

---------------------------------------------------------------------------
-- FACILITIES (SE). From the fandom wiki summary (public web pages): a refinery adds
-- 1 to its planet's resources, a colony 1 to its influence; one facility per
-- planet; built for 1 resource on a planet that is not in a home system (nor a
-- trade station) and that the player has held for a whole round, with no enemy
-- ships in the system; building exhausts the planet; 8 of each (componentcounts).
-- A facility is destroyed when its planet is invaded (here: whenever another
-- player gains the planet).
-- UNCERTAIN (the summary gives no timing): facilities are built in the
-- production step of a tactical action, on planets of the activated system,
-- after the units are produced.
B.FACILITIES = { refinery = 8, colony = 8 }

function B.facility(pl) return game.get("planet", pl, "se_facility") end

function B.build_facility(p, pl, kind)
  game.put("planet", pl, "se_facility", kind)
  game.put("planet", pl, "se_facility_owner", p)
  game.add("game", "se_" .. kind, 1)
  game.log({ key = "ti3.builds_facility", p = L.pn(p), unit = kind, planet = L.name("planets", pl) })
end

function B.destroy_facility(pl, why)
  local kind = B.facility(pl)
  if not kind then return end
  game.put("planet", pl, "se_facility", nil)
  game.put("planet", pl, "se_facility_owner", nil)
  game.add("game", "se_" .. kind, -1)
  game.log({ key = why and "ti3.facility_destroyed_why" or "ti3.facility_destroyed", unit = kind, planet = L.name("planets", pl), why = why })
end

-- Planets of s where p may build a facility now.
function B.facility_planets(p, s)
  local out = {}
  if #L.other_ships(p, s) > 0 or is_home_system(s) then return out end
  for _, pl in ipairs(game.planets_of(s)) do
    local gained = game.get("planet", pl, "se_gained_round")
    local d = game.data.planets[pl] or {}
    if game.planet_owner(pl) == p and not B.facility(pl) and not d.trade_station
      and (gained == nil or gained < round_no()) then
      out[#out + 1] = pl
    end
  end
  return out
end

local function offer_facilities(p, s)
  for _, pl in ipairs(B.facility_planets(p, s)) do
    local opts = { "none" }
    if L.spendable(p, "resources") >= 1 then
      for _, kind in ipairs({ "colony", "refinery" }) do
        if game.counter("game", "se_" .. kind) < B.FACILITIES[kind] then opts[#opts + 1] = kind end
      end
    end
    if #opts > 1 then
      local pick = game.choose(p, { key = "ti3.build_facility", planet = L.name("planets", pl) }, opts)
      if pick ~= "none" then
        L.pay(p, 1, "resources")
        game.exhaust(pl, true)
        B.build_facility(p, pl, pick)
      end
    end
  end
end

---------------------------------------------------------------------------
-- ARTIFACTS (SE). componentcounts.txt: 4 named tokens + 4 empty ones;
-- objectives.txt: a 1-VP special objective per named artifact, held by the
-- player who controls the planet with it.
-- UNCERTAIN (our memory of the SE rule): at setup the 8 tokens are shuffled
-- face down; from the speaker clockwise each player puts one on a planet
-- outside the home systems, not Mecatol Rex, not in a system next to a home
-- system and not in a system that already has one (the last two relaxed if no
-- planet qualifies). They go on the board: not on Mallice (Wormhole Nexus).
-- A token is turned up when a player first gains its
-- planet; an empty one is then removed. The VP is temporary: it moves with
-- control of the planet, and is lost if the planet turns neutral.
local function artifact_planets() return game.get("game", nil, "se_artifact_planets") or {} end

function B.artifact(pl) return game.get("planet", pl, "se_artifact") end

function B.put_artifact(pl, token)
  game.put("planet", pl, "se_artifact", token)
  local list = artifact_planets()
  local found = false
  for _, x in ipairs(list) do if x == pl then found = true end end
  if not found then list[#list + 1] = pl; table.sort(list); game.put("game", nil, "se_artifact_planets", list) end
end

-- The artifact tokens (each as many times as it has copies), shuffled.
function B.artifact_tokens()
  local tokens = {}
  for _, id in ipairs(game.keys(game.data.se_artifacts_b)) do
    for _ = 1, (game.data.se_artifacts_b[id].copies or 1) do tokens[#tokens + 1] = id end
  end
  B.shuffle(tokens)
  return tokens
end

-- The players, in order from `first`, place the tokens one at a time: each
-- chooses among the first non-empty list that the functions of `legals`
-- give, in turn (the placing stops when all are empty); put(p, pick, token)
-- places it.
function B.deal_artifacts(first, tokens, legals, put)
  local order = L.order_from(first)
  local i = 0
  for _, token in ipairs(tokens) do
    local p = order[i % #order + 1]
    i = i + 1
    local opts = {}
    for _, legal in ipairs(legals) do
      opts = legal()
      if #opts > 0 then break end
    end
    if #opts == 0 then break end
    put(p, game.choose(p, { key = "ti3.place_face_down_artifact" }, opts), token)
  end
end

function B.place_artifacts(first)
  local tokens = B.artifact_tokens()
  local near_home = {}
  for s = 1, game.num_systems() do
    if is_home_system(s) then
      near_home[s] = true
      for _, t in ipairs(game.adjacent(s, "move")) do near_home[t] = true end
    end
  end
  local function legal(strict_near, strict_one)
    local out = {}
    for s = 1, game.num_systems() do
      if game.system(s).hex and not is_home_system(s) and not is_mecatol(s)
        and game.tile_of(s) ~= "mallice" and not (strict_near and near_home[s]) then
        local taken = false
        for _, pl in ipairs(game.planets_of(s)) do if B.artifact(pl) then taken = true end end
        if not (strict_one and taken) then
          for _, pl in ipairs(game.planets_of(s)) do
            if not B.artifact(pl) then out[#out + 1] = pl end
          end
        end
      end
    end
    table.sort(out)
    return out
  end
  B.deal_artifacts(first, tokens, {
    function() return legal(true, true) end,
    function() return legal(false, true) end,
    function() return legal(false, false) end,
  }, function(p, pl, token)
    B.put_artifact(pl, token)
    game.log({ key = "ti3.places_face_down_artifact", p = L.pn(p), planet = L.name("planets", pl) })
  end)
end

-- Called when player p takes control of an artifact whose special objective
-- (id obj) is worth pts: by default he scores it at once (player prop
-- scored:<obj>). A variant where special objectives are only claimed in the
-- objectives step overrides this at load time; a player who loses the
-- artifact loses the points only if he had scored them.
function L.artifact_objective_gained(p, obj, pts, name)
  game.put("player", p, "scored:" .. obj, true)
  L.gain_vp(p, pts, name)
end

local function artifact_points(token)
  local d = game.data.se_artifacts_b[token]
  local o = d and d.objective and game.data.objectives and game.data.objectives[d.objective]
  return L.objective_points(o)
end

-- Brings artifact holders in line with planet control.
function B.sync_artifacts()
  if not opt("artifacts") then return end
  for _, pl in ipairs(artifact_planets()) do
    local token = B.artifact(pl)
    if token then
      local owner = game.planet_owner(pl)
      local holder = game.get("planet", pl, "se_artifact_holder")
      if owner ~= holder then
        local name = L.name("se_artifacts_b", token)
        if owner and not game.get("planet", pl, "se_artifact_revealed") then
          game.put("planet", pl, "se_artifact_revealed", true)
          game.log({ key = "ti3.reveals_artifact_token", p = L.pn(owner), planet = L.name("planets", pl), name = name })
        end
        if token == "empty" then
          game.put("planet", pl, "se_artifact", nil)
          game.log({ key = "ti3.empty_artifact_token_removed", planet = L.name("planets", pl) })
        else
          -- The special objective's holder is recorded the way the Voice of
          -- the Council records it (objective_controller:<id>, scored:<id>).
          local pts = artifact_points(token)
          local obj = game.data.se_artifacts_b[token].objective or token
          game.put("planet", pl, "se_artifact_holder", owner)
          game.put("game", nil, "objective_controller:" .. obj, owner)
          if holder and game.get("player", holder, "scored:" .. obj) then
            game.put("player", holder, "scored:" .. obj, nil)
            local v = game.add(holder, "vp", -pts)
            game.log({ key = "ti3.loses_vp", p = L.pn(holder), pts = pts, name = name, v = v })
          end
          if owner then L.artifact_objective_gained(owner, obj, pts, name) end
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- DOMAIN COUNTERS (Distant Suns on planets, Final Frontier in empty systems).
-- Content from domain.txt. Placement (UNCERTAIN, our memory of the TI3
-- Distant Suns option): one face-down Distant Suns counter on every planet
-- outside the home systems, other than Mecatol Rex, dealt at random; the
-- unused counters stay in the box. Final Frontier (same reading): one counter
-- in every system without planets that is not an anomaly.
-- A planet's counter is resolved by the player whose ground forces land on it
-- (before he takes control); if a player gains the planet another way, the
-- counter is discarded unresolved (SA states this; TI3 sources are silent).
-- A system's counter is resolved by the first player whose ships end a move
-- there (tactical or transfer action).
local function counter_pool(deck)
  local out = {}
  for _, id in ipairs(game.keys(game.data.se_counters_b)) do
    local d = game.data.se_counters_b[id]
    if d.deck == deck then for _ = 1, (d.copies or 1) do out[#out + 1] = id end end
  end
  return B.shuffle(out)
end

function B.place_domain_counters()
  local planets = {}
  for s = 1, game.num_systems() do
    if not is_home_system(s) and not is_mecatol(s) then
      for _, pl in ipairs(game.planets_of(s)) do
        if not game.planet_owner(pl) then planets[#planets + 1] = pl end
      end
    end
  end
  table.sort(planets)
  B.shuffle(planets)
  local pool = counter_pool("distant_suns")
  for i, pl in ipairs(planets) do
    if not pool[i] then break end
    game.put("planet", pl, "se_ds", pool[i])
  end
  game.log({ key = "ti3.distant_suns_domain_counters", n = math.min(#planets, #pool) })
end

function B.place_frontier_counters()
  local systems = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)] or {}
    if game.system(s).hex and #game.planets_of(s) == 0 and not d.anomaly and not is_home_system(s) then
      systems[#systems + 1] = s
    end
  end
  local pool = counter_pool("final_frontier")
  for i, s in ipairs(systems) do
    if not pool[i] then break end
    game.put("system", s, "se_ff", pool[i])
  end
  game.log({ key = "ti3.final_frontier_counters_placed", n = math.min(#systems, #pool) })
end

local function cname(id) return L.name("se_counters_b", id) end

-- Resolvers: fn(p, c, where) -> "discard" | "keep"; `where` has planet (Distant
-- Suns) or nil, system, and `after` (a list of functions run once the landing
-- has taken the planet).
local EFFECTS = {}

EFFECTS.nothing = function() return "discard" end

EFFECTS.trade_goods = function(p, c)
  L.gain_tg(p, c.value, c.name)
  return "discard"
end

EFFECTS.technological_society = function(p, c)
  -- "The player to your left": the next player clockwise.
  free_technology(p % game.num_players() + 1, p, c.name, false)
  return "discard"
end

EFFECTS.free_technology = function(p, c)
  free_technology(p, p, c.name, true)
  return "discard"
end

EFFECTS.industrial_society = function(p, c, w)
  local pl = w.planet
  local has_dock = false
  for _, u in ipairs(game.units { planet = pl }) do
    if L.def(u.owner, u.kind).type == "space_dock" then has_dock = true end
  end
  if not has_dock and room_for(p, "space_dock", 1) > 0
    and game.confirm(p, { key = "ti3.place_free_space_dock", planet = L.name("planets", pl) }) then
    game.spawn("space_dock", p, { planet = pl })
    game.log({ key = "ti3.places_free_space_dock", p = L.pn(p), planet = L.name("planets", pl) })
  end
  w.after[#w.after + 1] = function()
    if game.planet_owner(pl) == p then game.exhaust(pl, false) end
  end
  return "discard"
end

EFFECTS.native_intelligence = function(p, c, w)
  local opts = {}
  for _, pl in ipairs(B.counter_planets()) do
    if pl ~= w.planet and not game.get("planet", pl, "se_ds_revealed") then opts[#opts + 1] = pl end
  end
  if #opts > 0 then
    local pl = game.choose(p, { key = "ti3.look_domain_counter" }, opts)
    -- What p saw stays with p (the log does not show it).
    game.put("player", p, "se_seen:" .. pl, game.get("planet", pl, "se_ds"))
    game.log({ key = "ti3.looks_domain_counter", p = L.pn(p), planet = L.name("planets", pl) })
  end
  return "discard"
end

EFFECTS.hidden_factory = function(p, c, w)
  free_ships(p, w.system, 2, c.name)
  return "discard"
end

-- The first landing ground force dies (one per landing while the counter stays).
EFFECTS.biohazard = function(p, c, w)
  local gf = L.ground(p, w.planet)
  table.sort(gf, function(a, b) return a.id < b.id end)
  if gf[1] then destroy(gf[1], c.name) end
  return (#L.ground(p, w.planet) > 0) and "discard" or "keep"
end

EFFECTS.radiation = function(p, c, w)
  for _, u in ipairs(L.ground(p, w.planet)) do destroy(u, c.name) end
  return "discard"
end

EFFECTS.hostile_locals = function(p, c, w)
  local won = neutral_fight(p, function() return L.ground(p, w.planet) end,
    neutral_units("ground_force", B.neutral_count(c, w)), c.name)
  return won and "discard" or "keep"
end

EFFECTS.lazax_survivors = function(p, c)
  game.add(p, "se_lazax_survivors", 1)
  game.log({ key = "ti3.takes_lazax_survivors", p = L.pn(p) })
  return "discard"
end

-- UNCERTAIN: on a 1-5 the random opponent's two ground forces take the planet
-- (domain.txt only says he places them).
EFFECTS.settlers = function(p, c, w)
  for _, u in ipairs(L.ground(p, w.planet)) do game.move_unit(u.id, { system = w.system }) end
  game.log({ key = "ti3.ground_forces_return_space", p = L.pn(p), planet = L.name("planets", w.planet) })
  local hits = game.roll({ key = "ti3.settlers_roll", p = L.pn(p) }, 1, 6)
  if hits > 0 then
    for _ = 1, 2 do game.spawn("ground_force", p, { planet = w.planet }) end
    game.log({ key = "ti3.places_two_free_ground_forces", p = L.pn(p), planet = L.name("planets", w.planet) })
  else
    local others = {}
    for q = 1, game.num_players() do if q ~= p then others[#others + 1] = q end end
    local q = others[game.random(#others)]
    for _ = 1, 2 do game.spawn("ground_force", q, { planet = w.planet }) end
    game.log({ key = "ti3.places_two_free_ground_forces", p = L.pn(q), planet = L.name("planets", w.planet) })
    L.take_control(q, w.planet, true)
  end
  return "discard"
end

EFFECTS.wormhole = function(p, c, w)
  B.add_wormhole(w.system, c.value)
  return "discard"
end

EFFECTS.hostage_situation = function(p, c, w)
  local gf = L.ground(p, w.planet)
  local n = #gf
  local opts = { "lose the landing ground forces" }
  if game.counter(p, "tg") >= n then table.insert(opts, 1, "pay " .. n .. " tg") end
  if game.choose(p, { key = "ti3.domain_counter_choice", name = c.name }, opts):sub(1, 3) == "pay" then
    game.add(p, "tg", -n)
    game.log({ key = "ti3.pays_tg", p = L.pn(p), n = n, name = c.name })
  else
    for _, u in ipairs(gf) do destroy(u, c.name) end
  end
  return "discard"
end

EFFECTS.automated_defense = function(p, c, w)
  local hits = game.roll({ key = "ti3.automated_defense_roll", planet = L.name("planets", w.planet) }, 2, 6)
  for _ = 1, hits do
    L.assign_hits(p, L.ships(p, w.system), 1, c.name, { no_sustain = true })
    local gf = L.ground(p, w.planet)
    table.sort(gf, function(a, b) return a.id < b.id end)
    if gf[1] then destroy(gf[1], c.name) end
  end
  if #L.ground(p, w.planet) == 0 then return "keep" end
  w.after[#w.after + 1] = function()
    local pl = w.planet
    if game.planet_owner(pl) == p and room_for(p, "pds", 1) > 0
      and game.confirm(p, { key = "ti3.place_free_pds", planet = L.name("planets", pl) }) then
      game.spawn("pds", p, { planet = pl })
      game.log({ key = "ti3.places_free_pds", p = L.pn(p), planet = L.name("planets", pl) })
    end
  end
  return "discard"
end

EFFECTS.fighter_ambush = function(p, c, w)
  local won = neutral_fight(p, function() return L.ships(p, w.system) end,
    neutral_units("fighter", B.neutral_count(c, w)), c.name)
  if won then return "discard" end
  for _, u in ipairs(L.ground(p, w.planet)) do destroy(u, c.name) end
  return "keep"
end

EFFECTS.derelict_ship = function(p, c, w)
  if room_for(p, "cruiser", 1) > 0 and game.confirm(p, { key = "ti3.take_free_cruiser", system = L.sysname(w.system) }) then
    game.spawn("cruiser", p, { system = w.system })
    game.log({ key = "ti3.gets_free_cruiser", p = L.pn(p), system = L.sysname(w.system) })
    L.enforce_limits(p, w.system)
  end
  return "discard"
end

EFFECTS.discovery = function(p, c)
  L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
  game.log({ key = "ti3.draws_action_card_for", p = L.pn(p), card = c.name })
  return "discard"
end

EFFECTS.precursor_station = function(p, c, w)
  game.put("game", nil, "se_precursor", w.system)
  game.log({ key = "ti3.holds_precursor_space_station", system = L.sysname(w.system) })
  return "discard"
end

EFFECTS.anomaly = function(p, c, w)
  B.set_anomaly(w.system, c.value)
  return "discard"
end

EFFECTS.space_pirates = function(p, c, w)
  local tg = game.counter(p, "tg")
  if tg > 0 and game.choose(p, { key = "ti3.domain_counter_choice", name = c.name }, { "give up " .. tg .. " tg", "fight the pirate dreadnought" }):sub(1, 4) == "give" then
    game.set(p, "tg", 0)
    game.log({ key = "ti3.gives_up_tg_space", p = L.pn(p), tg = tg })
  else
    neutral_fight(p, function() return L.ships(p, w.system) end, neutral_units("dreadnought", 1), c.name)
  end
  return "discard"
end

EFFECTS.supernova = function(p, c, w)
  for _, u in ipairs(game.units { system = w.system, space = true }) do
    if L.def(u.owner, u.kind).class == "ship" or u.carried ~= nil or L.def(u.owner, u.kind).transported then
      destroy(u, c.name)
    end
  end
  B.set_anomaly(w.system, "supernova")
  return "discard"
end

local function resolve(p, id, where)
  local c = game.data.se_counters_b[id]
  where.counter = id
  if where.planet then
    game.log({ key = "ti3.reveals_counter_on", p = L.pn(p), name = c.name, planet = L.name("planets", where.planet) })
  else
    game.log({ key = "ti3.reveals_counter_in", p = L.pn(p), name = c.name, system = L.sysname(where.system) })
  end
  local f = EFFECTS[c.effect]
  if not f then error("no effect '" .. tostring(c.effect) .. "' for counter " .. id) end
  return f(p, c, where)
end

function B.counter_planets()
  local out = {}
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      if game.get("planet", pl, "se_ds") then out[#out + 1] = pl end
    end
  end
  table.sort(out)
  return out
end

-- hook: whether the Distant Suns domain counter on planet pl (planet prop se_ds) is resolved when ground forces land there; default: with the Distant Suns option on.
function L.domain_counter_live(pl) return opt("distant_suns") and true or false end

-- p's ground forces have landed on the neutral planet pl. Returns the
-- functions to run after control is established.
function B.resolve_planet_counter(p, pl)
  local id = game.get("planet", pl, "se_ds")
  -- Off the planet while it resolves (an effect may hand the planet to someone).
  game.put("planet", pl, "se_ds", nil)
  game.put("planet", pl, "se_ds_revealed", nil)
  local where = { planet = pl, system = game.planet_system(pl), after = {} }
  local r = resolve(p, id, where)
  if r == "keep" and not game.planet_owner(pl) then
    game.put("planet", pl, "se_ds", id)
    game.put("planet", pl, "se_ds_revealed", true)
    game.log({ key = "ti3.counter_stays", counter = cname(id), planet = L.name("planets", pl) })
  end
  return where.after
end

function B.discard_planet_counter(pl, why)
  local id = game.get("planet", pl, "se_ds")
  if not id then return end
  game.put("planet", pl, "se_ds", nil)
  game.put("planet", pl, "se_ds_revealed", nil)
  game.log({ key = "ti3.domain_counter_discarded_unresolved", planet = L.name("planets", pl), why = why })
end

-- p's ships ended a move in s.
function B.ships_arrived(p, s, movers)
  if opt("final_frontier") and #movers > 0 then
    local id = game.get("system", s, "se_ff")
    if id and #L.ships(p, s) > 0 then
      game.put("system", s, "se_ff", nil)
      resolve(p, id, { system = s, after = {} })
    end
  end
end

-- The only player with ships in system s (nil: none, or several).
function B.sole_ship_owner(s)
  local owners = {}
  for _, u in ipairs(game.units { system = s, space = true }) do
    if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then owners[u.owner] = true end
  end
  local list = game.keys(owners)
  if #list == 1 then return list[1] end
  return nil
end

-- The player controlling the precursor station's system: the only player with ships there.
function B.station_holder()
  local s = game.get("game", nil, "se_precursor")
  if not s then return nil end
  return B.sole_ship_owner(s)
end

---------------------------------------------------------------------------
-- THE WORMHOLE NEXUS (SE): Mallice off the board, with an alpha and a beta
-- wormhole, so adjacent to every system with either (systems.txt lists it as
-- an unattached system). UNCERTAIN: any further SE restriction on the nexus.
-- It gets a far-off hex (B.NEXUS_HEX) with no neighbours, because several
-- procedures name systems by hex; nothing reaches it but the wormholes.
B.NEXUS_HEX = "0,-20"

function B.add_nexus()
  if game.find_system("mallice") then return game.find_system("mallice") end
  local s = game.add_system("mallice", B.NEXUS_HEX)
  for _, pl in ipairs(game.data.systems.mallice.planets or {}) do game.add_planet(pl, s) end
  for _, w in ipairs(B.wormholes(s)) do
    for t = 1, game.num_systems() do
      if t ~= s and has_wormhole(t, w) then game.link(s, t, "wormhole:" .. w) end
    end
  end
  game.log({ key = "ti3.wormhole_nexus_mallice_set" })
  return s
end

---------------------------------------------------------------------------
-- THE DRAFTED GALAXY. Our reading of the TI3 galaxy-building rule (the
-- rulebook is not in the public sources): Mecatol Rex in the centre, the
-- home systems on their seats, then the players, from the speaker clockwise,
-- each place one system tile at a time, filling the innermost ring before
-- the next. The exact procedure we chose:
--   ctx.footprint  map whose hexes and homes are used (default standard_<n>p)
--   ctx.pool       tiles to place (default: that map's tiles but Mecatol Rex)
--   ctx.mode       "dealt" (default): the pool is shuffled and dealt one tile
--                  at a time, from the first player clockwise; each places
--                  from his own hand. "shared": one face-up pool.
--   ctx.first      first player (default: the speaker chosen by setup)
-- On a turn the player chooses a tile, then a free hex of the innermost ring
-- with free hexes. Legal hexes: where the tile touches no other anomaly and
-- no system with a wormhole of its own kind; if there is none, any free hex of
-- that ring (UNCERTAIN: we recall these two adjacency rules from TI3).
-- Players with an empty hand are skipped.
local NEIGHBOURS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }

local function parse_hex(h)
  local q, r = h:match("^(%-?%d+),(%-?%d+)$")
  return tonumber(q), tonumber(r)
end

-- The six hexes next to hex h ("q,r"), on the board or not.
function B.hex_neighbours(h)
  local q, r = parse_hex(h)
  local out = {}
  for _, o in ipairs(NEIGHBOURS) do out[#out + 1] = (q + o[1]) .. "," .. (r + o[2]) end
  return out
end

local function ring_of(h) return game.hex_distance(h, "0,0") end

local function tile_conflicts(tile, hex, placed)
  local d = game.data.systems[tile] or {}
  for _, nb in ipairs(B.hex_neighbours(hex)) do
    local other = placed[nb]
    if other then
      local od = game.data.systems[other] or {}
      if d.anomaly and od.anomaly then return true end
      for _, w in ipairs(d.wormholes or {}) do
        for _, x in ipairs(od.wormholes or {}) do if w == x then return true end end
      end
    end
  end
  return false
end

-- hook: the tiles each player holds when the drafted galaxy starts to be placed (order: the players from the first; pool: the shuffled tiles; mode: ctx.mode or "dealt"; ctx: build_drafted_galaxy's); returns player -> list of tiles. Default: "dealt" deals the pool one tile at a time from the first player clockwise; any other mode leaves the hands empty (the players place from the shared pool).
function L.draft_hands(order, pool, mode, ctx)
  local hands = {}
  for _, p in ipairs(order) do hands[p] = {} end
  if mode == "dealt" then
    for i, t in ipairs(pool) do
      local p = order[(i - 1) % #order + 1]
      table.insert(hands[p], t)
    end
  end
  return hands
end

-- hook: the player who places the turn-th tile of the drafted galaxy (turn counts from 0; order: the players from the first). Default: clockwise from the first player, round after round.
function L.draft_placer(order, turn)
  return order[turn % #order + 1]
end

procedure("build_drafted_galaxy", function(ctx)
  local n = game.num_players()
  local fp = game.data.maps[ctx.footprint or ("standard_" .. n .. "p")]
  if not fp then error("no footprint map for a drafted galaxy of " .. n .. " players") end
  local placed = {} -- hex -> tile
  local function put(tile, hex, home)
    local s = game.add_system(tile, hex)
    local d = game.data.systems[tile]
    for _, pl in ipairs(d.planets or {}) do game.add_planet(pl, s) end
    if home then game.put("player", home, "home", s) end
    placed[hex] = tile
    return s
  end
  put("mecatol_rex", "0,0")
  for p, hex in ipairs(fp.homes) do
    if p <= n then put(L.faction(p).home_system, hex, p) end
  end
  local free = {}
  for _, hex in ipairs(game.keys(fp.tiles)) do
    if not placed[hex] then free[#free + 1] = hex end
  end
  local pool = {}
  if ctx.pool then
    for _, t in ipairs(ctx.pool) do pool[#pool + 1] = t end
  else
    for _, hex in ipairs(game.keys(fp.tiles)) do
      local t = fp.tiles[hex]
      if t ~= "mecatol_rex" then pool[#pool + 1] = t end
    end
    table.sort(pool)
  end
  B.shuffle(pool)
  local first = ctx.first or game.get("game", nil, "se_draft_first") or 1
  local order = L.order_from(first)
  local mode = ctx.mode or "dealt"
  local hands = L.draft_hands(order, pool, mode, ctx)
  game.log({ key = "ti3.galaxy_draft_tiles_hexes", mode = mode, n = #pool, n2 = #free, p = L.pn(first) })
  local turn = 0
  local guard = 0
  while #free > 0 do
    guard = guard + 1
    if guard > 1000 then error("galaxy draft did not end") end
    local p = L.draft_placer(order, turn)
    turn = turn + 1
    local src = (mode == "dealt") and hands[p] or pool
    if #src > 0 then
      local opts, seen = {}, {}
      for _, t in ipairs(src) do if not seen[t] then seen[t] = true; opts[#opts + 1] = t end end
      table.sort(opts)
      local tile = game.choose(p, { key = "ti3.draft_choose_system_tile" }, opts)
      local ring = 99
      for _, h in ipairs(free) do ring = math.min(ring, ring_of(h)) end
      local in_ring, legal = {}, {}
      for _, h in ipairs(free) do
        if ring_of(h) == ring then
          in_ring[#in_ring + 1] = h
          if not tile_conflicts(tile, h, placed) then legal[#legal + 1] = h end
        end
      end
      if #legal == 0 then legal = in_ring end
      local hex = game.choose(p, { key = "ti3.draft_place", tile = tile }, legal)
      for i, t in ipairs(src) do if t == tile then table.remove(src, i); break end end
      for i, h in ipairs(free) do if h == hex then table.remove(free, i); break end end
      put(tile, hex)
      game.log({ key = "ti3.places_tile", p = L.pn(p), tile = L.name("systems", tile), hex = hex })
    else
      -- Everyone out of tiles with hexes left: only possible with a short ctx.pool.
      local any = false
      for _, q in ipairs(order) do if #((mode == "dealt") and hands[q] or pool) > 0 then any = true end end
      if not any then error("galaxy draft: the pool ran out with " .. #free .. " hexes free") end
    end
  end
  game.call("link_wormholes")
end)

---------------------------------------------------------------------------
-- Hooks. Installed once, when setup starts.
local installed = false

local wrap = L.wrap_procedure -- (options_a.lua)

function B.install()
  if installed then return end
  installed = true

  -- A map entry with `procedure:` (maps.draft in options_b.yaml) is built by
  -- that procedure; its other fields (footprint, mode, pool) are defaults
  -- for the procedure's ctx.
  wrap("build_galaxy", function(base, ctx)
    local r
    local m = game.data.maps[ctx.map]
    if m and m.procedure then
      for _, k in ipairs({ "footprint", "mode", "pool", "first" }) do
        if ctx[k] == nil then ctx[k] = m[k] end
      end
      r = game.call(m.procedure, ctx)
    else
      r = base(ctx)
    end
    if opt("wormhole_nexus") then B.add_nexus() end
    return r
  end)

  wrap("tactical_action", function(base, ctx)
    ctx.se_tactical = true
    return base(ctx)
  end)

  wrap("movement", function(base, ctx)
    local p, s = ctx.player, ctx.system
    local before = {}
    for _, u in ipairs(L.ships(p, s)) do before[u.id] = true end
    local r = base(ctx)
    local movers = {}
    for _, u in ipairs(L.ships(p, s)) do if not before[u.id] then movers[#movers + 1] = u.id end end
    ctx.se_movers = movers
    B.ships_arrived(p, s, movers)
    return r
  end)

  -- (Mines go off only for ships that moved in, never in a simulated fight.)
  wrap("space_cannon_offense", function(base, ctx)
    local r = base(ctx)
    if ctx.se_movers then B.trigger_mines(ctx.player, ctx.system, ctx.se_movers) end
    return r
  end, true)

  wrap("transfer_action", function(base, ctx)
    local p = ctx.player
    local was = {}
    for _, u in ipairs(game.units { owner = p, space = true }) do was[u.id] = u.system end
    local r = base(ctx)
    local arrived = {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and was[u.id] and was[u.id] ~= u.system and L.def(p, u.kind).class == "ship" then
        arrived[u.system] = arrived[u.system] or {}
        table.insert(arrived[u.system], u.id)
      end
    end
    for _, s in ipairs(game.keys(arrived)) do
      B.ships_arrived(p, s, arrived[s])
      B.trigger_mines(p, s, arrived[s])
    end
    return r
  end)

  wrap("production", function(base, ctx)
    local p, s = ctx.player, ctx.system
    local cruiser = false
    if opt("space_mines") and ctx.se_tactical then
      for _, u in ipairs(L.ships(p, s)) do
        if L.def(p, u.kind).type == "cruiser" then cruiser = true end
      end
    end
    local r = base(ctx)
    if cruiser then lay_mine(p, s) end
    if opt("facilities") and ctx.se_tactical then offer_facilities(p, s) end
    return r
  end)

  wrap("establish_control", function(base, ctx)
    local p, pl = ctx.player, ctx.planet
    local after
    if L.domain_counter_live(pl) and game.get("planet", pl, "se_ds") and game.planet_owner(pl) ~= p
      and #L.ground(p, pl) > 0 then
      after = B.resolve_planet_counter(p, pl)
    end
    local r = base(ctx)
    for _, f in ipairs(after or {}) do f() end
    return r
  end)

  -- Facilities change a planet's values wherever they are read through L.pdef.
  -- The adjusted copies are cached per definition table returned below us
  -- (another wrapper may return a fresh copy each time: weak keys).
  local base_pdef = L.pdef
  local fac_cache = setmetatable({}, { __mode = "k" })
  function L.pdef(id)
    local d = base_pdef(id)
    if not opt("facilities") or not d then return d end
    local f = game.get("planet", id, "se_facility")
    if not f then return d end
    local byf = fac_cache[d]
    if not byf then byf = {}; fac_cache[d] = byf end
    local c = byf[f]
    if not c then
      c = {}
      for k, v in pairs(d) do c[k] = v end
      if f == "refinery" then c.resources = (d.resources or 0) + 1 else c.influence = (d.influence or 0) + 1 end
      byf[f] = c
    end
    return c
  end

  -- Lazax Survivors: 3 more votes each.
  local base_votes = L.votes
  if base_votes then
    function L.votes(p)
      local v = base_votes(p)
      if opt("distant_suns") then v = v + 3 * game.counter(p, "se_lazax_survivors") end
      return v
    end
  end

  -- Final Frontier anomalies.
  local base_rules = L.move_rules
  function L.move_rules(p, target)
    local r = base_rules(p, target)
    -- (The game prop is read once, not three times per anomaly.)
    local made = extra_anomalies()
    for _, k in ipairs(game.keys(made)) do
      local s = tonumber(k)
      local rule = game.data.anomalies[made[k]] or {}
      -- (A player who may pass through supernovas, e.g. the Muaat, still may.)
      local transit = made[k] == "supernova" and s ~= target and L.flag(p, "supernova_transit") > 0
      if not transit and (rule.enter == "never" or (rule.enter == "end" and s ~= target)
        or (rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech))) then
        r.blocked[#r.blocked + 1] = s
      end
      if rule.exit_bonus then r.free_exit[#r.free_exit + 1] = s end
    end
    return r
  end
  local base_arule = L.anomaly_rule
  function L.anomaly_rule(s)
    local a = B.anomaly_of(s)
    if a then return game.data.anomalies[a] end
    return base_arule(s)
  end
  L.plain_wrapper(L.anomaly_rule, base_arule, function(board) return B.anomaly_of(board.system or 1) == nil end)

  -- The precursor space station: its holder needs one point less.
  local base_check = L.check_win
  function L.check_win(p)
    if opt("final_frontier") and not game.get("game", nil, "winner") and B.station_holder() == p
      and game.counter(p, "vp") >= L.goal() - 1 then
      game.put("game", nil, "winner", p)
      game.log({ key = "ti3.precursor_needs_one_less", p = L.pn(p) })
      error({ game_over = true, commit = true }, 0)
    end
    return base_check(p)
  end
end

-- After the board, the players, the decks and the speaker exist.
-- hook: places the artifact tokens when the game is set up (option artifacts; first: the speaker, who places first); default: on planets, B.place_artifacts.
function L.place_artifact_tokens(first) B.place_artifacts(first) end

local function after_setup()
  local speaker = L.speaker()
  for _, id in ipairs(game.keys(game.data.se_rules_b)) do
    local d = game.data.se_rules_b[id]
    if opt(d.option) then game.grant("game", "se_rules_b", id) end
  end
  if opt("distant_suns") then B.place_domain_counters() end
  if opt("final_frontier") then B.place_frontier_counters() end
  if opt("artifacts") then L.place_artifact_tokens(speaker) end
end

local base_setup = game.procedure_fn("setup")
game.when_loaded(B.install)
procedure("setup", function(args)
  local m = args.map and game.data.maps[args.map]
  if m and m.drafted then
    -- The speaker places first, so he is chosen before the galaxy is built.
    if not args.speaker then args.speaker = game.random(args.players or 6) end
    game.put("game", nil, "se_draft_first", args.speaker)
  end
  local r = base_setup(args)
  after_setup()
  return r
end)

-- Window handlers (effects/options_b/*.lua) call these.
function B.on_planet_gained_facilities(ctx)
  local pl, p = ctx.planet, ctx.player
  game.put("planet", pl, "se_gained_round", round_no())
  local f = B.facility(pl)
  if f and game.get("planet", pl, "se_facility_owner") ~= p then B.destroy_facility(pl, "the planet changed hands") end
end

function B.on_planet_gained_distant_suns(ctx)
  if game.get("planet", ctx.planet, "se_ds") then B.discard_planet_counter(ctx.planet, "gained without landing") end
end

function B.on_turn_end_station(ctx)
  local p = B.station_holder()
  if p then L.check_win(p) end
end

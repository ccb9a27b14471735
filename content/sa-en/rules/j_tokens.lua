-- Shattered Ascension v4.5 (seed 000, Appendix I 4/5): domain counters,
-- other tokens (double-sided wormholes, asteroid belts, worldgates) and the
-- artifact rules of 5/5 ("Artifact Research").
--
-- Domain counters (Distant Suns / Final Frontier, the ti3 options; their
-- changed texts are on the SA web page, not in the public sources, so the
-- ti3 counters stay):
--   * A location may hold several counters (pre-set maps, the Ancient Empire
--     option): L.sa_tokens.add_planet_counter / add_space_counter put one
--     more there. When they are resolved, the red ones go first (tokens.yaml
--     gives the colours); if the landing ground forces (or, in space, the
--     ships) are all gone after a red one, the others are not met and stay
--     face down where they are.
--   * Native Knowledge: before the game starts, each player (rotation order
--     from the speaker) may look at one face-down domain counter. Done as the
--     first strategy phase begins (rules/k_victory.lua calls
--     T.native_knowledge), once setup, the speaker and the Rotation Cycler
--     are settled.
--   * Deep Space Probing Vessels: as each strategy phase begins, each player
--     may probe (look at) one planet's counter in a system up to two systems
--     away from each of his space docks.
--   * Fighters probe: before landing ground forces in a tactical action, the
--     active player may look at one counter on a planet of the system for
--     each of his fighters there.
--   What a player saw is kept in player props se_seen:<planet> (as the ti3
--   Native Intelligence counter does) and se_seen_system:<system>; the log
--   only says that he looked.
--   * Domain counter units are regular units in combat: the ti3 counters
--     fight their neutral units in a short combat of their own (options_b.lua);
--     rules/p_counter_units.lua keeps their losses and lets them be
--     bombarded (not converted or captured: see there).
-- Other tokens:
--   * Double-sided wormhole tokens (L.sa_tokens.place_flip_wormhole(s, up,
--     down)): the side up is a wormhole of the system; when a turn ends during
--     which some fleet came into the system (moved into it in a tactical
--     action) the token flips. Leaving does not flip it. Retreats into it do not count
--     here (UNCERTAIN).
--   * Border tokens (L.sa_tokens.place_border(a, b, kind)): an asteroid belt
--     blocks movement across its border except for a player with Antimass
--     Deflectors, and space cannon fire across it always. Space-time
--     anomalies (nothing crosses) and standing grav waves (one way; a = the
--     side ships come from) use the same call (seed, border tokens of
--     appendix 4). The tokens are galaxy border tokens (game.border_token);
--     for a player whose technology lets him through, movement, the ships that
--     can move (L.movers) and retreats (L.retreat_options) are worked out with
--     those tokens lifted.
--   * Worldgates (planet prop sa_worldgate, L.sa_tokens.place_worldgate): in
--     the landing step of a tactical action the active player may move ground
--     units and PDS from other worldgate planets, in systems he has not
--     activated, to worldgate planets of the activated system, as if landed.
--     Every worldgate on the board works from the start.
-- Galaxy creation (5/5): the drafted galaxy leaves out the four
-- high-resource systems and checks the resource limits (see below).
-- Artifacts (ti3 option artifacts):
--   * An artifact counts as a technology specialty of its colour (rules/
--     h_tech.lua, L.sa_tech_discount), even on an exhausted planet; never for
--     the specialty objectives.
--   * An empty artifact gives 2 trade goods to the player who turns it up.
local L = game.lib
local T = {}
L.sa_tokens = T
local B = L.optb

local function pn(p) return L.pn(p) end
local function hex(s) return game.system(s).hex or tostring(s) end
-- The system an option made by hex() names (a number for a system off the board).
local function system_of(o) return tonumber(o) or game.system_at(o) end

---------------------------------------------------------------------------
-- Domain counters: several at one location, red first.
function T.color(id)
  local d = game.data.se_counters_b and game.data.se_counters_b[id]
  return (d and d.color) or "green"
end

local function red_first(list)
  local out = {}
  for _, id in ipairs(list) do if T.color(id) == "red" then out[#out + 1] = id end end
  for _, id in ipairs(list) do if T.color(id) ~= "red" then out[#out + 1] = id end end
  return out
end

function T.planet_counters(pl)
  local out = {}
  local main = game.get("planet", pl, "se_ds")
  if main then out[#out + 1] = main end
  for _, id in ipairs(game.get("planet", pl, "sa_ds_more") or {}) do out[#out + 1] = id end
  return out
end

function T.add_planet_counter(pl, id)
  if not game.get("planet", pl, "se_ds") then
    game.put("planet", pl, "se_ds", id)
  else
    local more = game.get("planet", pl, "sa_ds_more") or {}
    more[#more + 1] = id
    game.put("planet", pl, "sa_ds_more", more)
  end
end

function T.space_counters(s)
  local out = {}
  local main = game.get("system", s, "se_ff")
  if main then out[#out + 1] = main end
  for _, id in ipairs(game.get("system", s, "sa_ff_more") or {}) do out[#out + 1] = id end
  return out
end

function T.add_space_counter(s, id)
  if not game.get("system", s, "se_ff") then
    game.put("system", s, "se_ff", id)
  else
    local more = game.get("system", s, "sa_ff_more") or {}
    more[#more + 1] = id
    game.put("system", s, "sa_ff_more", more)
  end
end

if B then
  local base_resolve = B.resolve_planet_counter
  function B.resolve_planet_counter(p, pl)
    local more = game.get("planet", pl, "sa_ds_more")
    if not more or #more == 0 then return base_resolve(p, pl) end
    local list = red_first(T.planet_counters(pl))
    game.put("planet", pl, "sa_ds_more", nil)
    game.put("planet", pl, "se_ds", nil)
    local after, kept = {}, {}
    local stopped = false
    for _, id in ipairs(list) do
      if stopped then
        kept[#kept + 1] = id
      else
        game.put("planet", pl, "se_ds", id)
        for _, f in ipairs(base_resolve(p, pl)) do after[#after + 1] = f end
        local still = game.get("planet", pl, "se_ds")
        if still then kept[#kept + 1] = still; game.put("planet", pl, "se_ds", nil) end
        if #L.ground(p, pl) == 0 or game.planet_owner(pl) then
          stopped = true
          if #L.ground(p, pl) == 0 then
            game.log({ key = "sa.domain_no_ground_left", planet = L.name("planets", pl) })
          end
        end
      end
    end
    if #kept > 0 then
      game.put("planet", pl, "se_ds", kept[1])
      local rest = {}
      for i = 2, #kept do rest[#rest + 1] = kept[i] end
      game.put("planet", pl, "sa_ds_more", #rest > 0 and rest or nil)
    end
    return after
  end

  local base_discard = B.discard_planet_counter
  function B.discard_planet_counter(pl, why)
    local more = game.get("planet", pl, "sa_ds_more")
    base_discard(pl, why)
    if more and #more > 0 then
      game.put("planet", pl, "sa_ds_more", nil)
      game.log({ key = #more == 1 and "sa.domain_more_discarded_one" or "sa.domain_more_discarded", n = #more, planet = L.name("planets", pl), why = why })
    end
  end

  local base_arrived = B.ships_arrived
  function B.ships_arrived(p, s, movers)
    local more = game.get("system", s, "sa_ff_more")
    if not more or #more == 0 or not game.options.final_frontier then return base_arrived(p, s, movers) end
    if #movers == 0 or #L.ships(p, s) == 0 then return end
    local list = red_first(T.space_counters(s))
    game.put("system", s, "sa_ff_more", nil)
    game.put("system", s, "se_ff", nil)
    local kept = {}
    for i, id in ipairs(list) do
      if #L.ships(p, s) == 0 then
        for j = i, #list do kept[#kept + 1] = list[j] end
        game.log({ key = "sa.domain_no_ship_left", p = pn(p), system = L.sysname(s) })
        break
      end
      game.put("system", s, "se_ff", id)
      base_arrived(p, s, movers)
      local still = game.get("system", s, "se_ff")
      if still then kept[#kept + 1] = still; game.put("system", s, "se_ff", nil) end
    end
    if #kept > 0 then
      game.put("system", s, "se_ff", kept[1])
      local rest = {}
      for i = 2, #kept do rest[#rest + 1] = kept[i] end
      game.put("system", s, "sa_ff_more", #rest > 0 and rest or nil)
    end
  end
end

---------------------------------------------------------------------------
-- Looking at face-down counters.
local function ds_on() return game.options.distant_suns or game.options.final_frontier end

-- Face-down counters on planets (those not turned up by a failed landing).
function T.hidden_planets(filter)
  local out = {}
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      if game.get("planet", pl, "se_ds") and not game.get("planet", pl, "se_ds_revealed") and (not filter or filter(pl, s)) then
        out[#out + 1] = pl
      end
    end
  end
  table.sort(out)
  return out
end

function T.hidden_systems()
  local out = {}
  for s = 1, game.num_systems() do
    if game.get("system", s, "se_ff") then out[#out + 1] = s end
  end
  return out
end

function T.look_planet(p, pl, why)
  game.put("player", p, "se_seen:" .. pl, game.get("planet", pl, "se_ds"))
  local more = game.get("planet", pl, "sa_ds_more")
  if more then game.put("player", p, "se_seen_more:" .. pl, more) end
  game.log({ key = "sa.looks_domain_planet", p = pn(p), planet = L.name("planets", pl), why = why })
end

function T.look_system(p, s, why)
  game.put("player", p, "se_seen_system:" .. s, game.get("system", s, "se_ff"))
  game.log({ key = "sa.looks_domain_system", p = pn(p), system = L.sysname(s), why = why })
end

function T.native_knowledge()
  if not ds_on() then return end
  for _, p in ipairs(L.order_from(L.speaker())) do
    local opts = { "none" }
    for _, pl in ipairs(T.hidden_planets()) do opts[#opts + 1] = pl end
    for _, s in ipairs(T.hidden_systems()) do opts[#opts + 1] = hex(s) end
    if #opts > 1 then
      local pick = game.choose(p, { key = "sa.native_knowledge" }, opts)
      if pick ~= "none" then
        if game.data.planets[pick] then T.look_planet(p, pick, "native knowledge")
        else T.look_system(p, system_of(pick), "native knowledge") end
      end
    end
  end
end

-- How far from a space dock its deep space probe looks (systems).
T.DEEP_SPACE_PROBE_RANGE = 2

function T.deep_space_probes()
  if not game.options.distant_suns then return end
  for _, p in ipairs(L.order_from(L.speaker())) do
    local docks = {}
    for _, u in ipairs(game.units { owner = p }) do
      if u.system and L.def(p, u.kind).type == "space_dock" then docks[#docks + 1] = u end
    end
    table.sort(docks, function(a, b) return a.id < b.id end)
    for _, u in ipairs(docks) do
      local near = {}
      for _, s in ipairs(game.within(u.system, T.DEEP_SPACE_PROBE_RANGE)) do near[s] = true end
      local opts = { "none" }
      for _, pl in ipairs(T.hidden_planets(function(pl, s) return near[s] and not game.get("player", p, "se_seen:" .. pl) end)) do
        opts[#opts + 1] = pl
      end
      if #opts > 1 then
        local pick = game.choose(p, { key = "sa.deep_space_probe", system = L.sysname(u.system), id = u.id }, opts)
        if pick ~= "none" then T.look_planet(p, pick, "deep space probe") end
      end
    end
  end
end

function T.fighter_probes(p, s)
  if not game.options.distant_suns then return end
  local fighters = 0
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "fighter" then fighters = fighters + 1 end
  end
  for _ = 1, fighters do
    local list = {}
    for _, pl in ipairs(game.planets_of(s)) do
      if game.get("planet", pl, "se_ds") and not game.get("planet", pl, "se_ds_revealed")
        and not game.get("player", p, "se_seen:" .. pl) then list[#list + 1] = pl end
    end
    if #list == 0 then return end
    table.sort(list)
    local opts = { "none" }
    for _, pl in ipairs(list) do opts[#opts + 1] = pl end
    local pick = game.choose(p, { key = "sa.fighter_probe" }, opts)
    if pick == "none" then return end
    T.look_planet(p, pick, "fighter probe")
  end
end

---------------------------------------------------------------------------
-- Double-sided wormholes.
local function has_wormhole(s, w)
  if B and B.wormholes then
    for _, x in ipairs(B.wormholes(s)) do if x == w then return true end end
    return false
  end
  local d = game.data.systems[game.tile_of(s)]
  for _, x in ipairs((d and d.wormholes) or {}) do if x == w then return true end end
  return false
end
T.has_wormhole = has_wormhole

function T.add_wormhole(s, w)
  if has_wormhole(s, w) then return end
  local list = game.get("system", s, "se_wormholes") or {}
  list[#list + 1] = w
  game.put("system", s, "se_wormholes", list)
  for t = 1, game.num_systems() do
    if t ~= s and has_wormhole(t, w) then game.link(s, t, "wormhole:" .. w) end
  end
end

function T.remove_wormhole(s, w)
  local list = game.get("system", s, "se_wormholes") or {}
  local keep, found = {}, false
  for _, x in ipairs(list) do
    if x == w and not found then found = true else keep[#keep + 1] = x end
  end
  if not found then return end
  game.put("system", s, "se_wormholes", #keep > 0 and keep or nil)
  if has_wormhole(s, w) then return end -- still there (printed on the tile)
  for t = 1, game.num_systems() do
    if t ~= s and has_wormhole(t, w) then game.unlink(s, t, "wormhole:" .. w) end
  end
end

function T.place_flip_wormhole(s, up, down)
  game.put("system", s, "sa_flip_wormhole", { up = up, down = down })
  T.add_wormhole(s, up)
  game.log({ key = "sa.flip_wormhole_placed", system = L.sysname(s), side = up })
end

function T.flip(s)
  local t = game.get("system", s, "sa_flip_wormhole")
  if not t then return end
  T.remove_wormhole(s, t.up)
  T.add_wormhole(s, t.down)
  game.put("system", s, "sa_flip_wormhole", { up = t.down, down = t.up })
  game.log({ key = "sa.flip_wormhole_flips", system = L.sysname(s), side = t.down })
end

function T.entered(s)
  if not game.get("system", s, "sa_flip_wormhole") then return end
  local pending = game.get("game", nil, "sa_flip_pending") or {}
  for _, x in ipairs(pending) do if x == s then return end end
  pending[#pending + 1] = s
  game.put("game", nil, "sa_flip_pending", pending)
end

function T.flip_pending()
  local pending = game.get("game", nil, "sa_flip_pending")
  if not pending then return end
  game.put("game", nil, "sa_flip_pending", nil)
  table.sort(pending)
  for _, s in ipairs(pending) do T.flip(s) end
end

---------------------------------------------------------------------------
-- Border tokens.
T.BORDERS = {
  asteroid_belt = { blocks = { "move", "space_cannon" }, pass_tech = "antimass_deflectors" },
  space_time_anomaly = { blocks = {} },
  grav_wave = { blocks = { "move" }, cannon = true },
  standing_grav_wave = { blocks = { "move" }, cannon = true },
}

-- a, b: systems; for a grav wave ships may cross from a to b only.
function T.place_border(a, b, kind)
  local k = T.BORDERS[kind]
  if not k then error("unknown border token '" .. tostring(kind) .. "'") end
  local id = "sa:" .. kind
  if kind == "grav_wave" or kind == "standing_grav_wave" then
    game.border_token(b, a, id, { "move" }, true)
    game.border_token(a, b, id .. ":cannon", { "space_cannon" }, false)
  else
    game.border_token(a, b, id, k.blocks, false)
  end
  local list = game.get("game", nil, "sa_borders") or {}
  list[#list + 1] = { a = a, b = b, kind = kind }
  game.put("game", nil, "sa_borders", list)
  local name = kind:gsub("_", " ")
  game.log({ key = name:match("^[aeiou]") and "sa.border_token_an" or "sa.border_token_a", token = name, a = hex(a), b = hex(b) })
end

-- Runs fn with the border tokens p may cross lifted.
local lifted = 0
function T.with_passage(p, fn, ...)
  local list = game.get("game", nil, "sa_borders")
  if lifted > 0 or not list or type(p) ~= "number" then return fn(...) end
  local open = {}
  for _, x in ipairs(list) do
    local k = T.BORDERS[x.kind]
    if k and k.pass_tech and game.holds(p, "techs", k.pass_tech) then open[#open + 1] = x end
  end
  if #open == 0 then return fn(...) end
  for _, x in ipairs(open) do game.remove_border_token(x.a, x.b, "sa:" .. x.kind) end
  lifted = lifted + 1
  local r = table.pack(pcall(fn, ...))
  lifted = lifted - 1
  for _, x in ipairs(open) do game.border_token(x.a, x.b, "sa:" .. x.kind, T.BORDERS[x.kind].blocks, false) end
  if not r[1] then error(r[2], 0) end
  return table.unpack(r, 2, r.n)
end

local base_movers = L.movers
function L.movers(p, target, rules)
  return T.with_passage(p, base_movers, p, target, rules)
end

local base_retreat = L.retreat_options
function L.retreat_options(p, s)
  return T.with_passage(p, base_retreat, p, s)
end

---------------------------------------------------------------------------
-- Worldgates.
function T.place_worldgate(pl) game.put("planet", pl, "sa_worldgate", true) end

function T.worldgate_moves(ctx)
  local p, s = ctx.player, ctx.system
  local here = {}
  for _, pl in ipairs(game.planets_of(s)) do
    if game.get("planet", pl, "sa_worldgate") then here[#here + 1] = pl end
  end
  if #here == 0 then return end
  local from = {}
  for t = 1, game.num_systems() do
    if t ~= s and not game.has_token(t, "command", p) then
      for _, pl in ipairs(game.planets_of(t)) do
        if game.get("planet", pl, "sa_worldgate") then from[#from + 1] = pl end
      end
    end
  end
  table.sort(from)
  for _, dest in ipairs(here) do
    for _, src in ipairs(from) do
      for _, u in ipairs(game.units { planet = src, owner = p }) do
        local d = L.def(p, u.kind)
        if (d.class == "ground" or d.type == "pds") and game.unit_exists(u.id)
          and game.confirm(p, { key = "sa.worldgate_move", unit = u.kind .. "#" .. u.id, id = u.id, from = L.name("planets", src), to = L.name("planets", dest) }) then
          game.move_unit(u.id, { planet = dest })
          game.log({ key = "sa.worldgate_moves", p = pn(p), unit = u.kind .. "#" .. u.id, from = L.name("planets", src), to = L.name("planets", dest) })
          if game.planet_owner(dest) ~= p then
            local listed = false
            for _, x in ipairs(ctx.targets or {}) do if x == dest then listed = true end end
            if not listed then
              ctx.targets = ctx.targets or {}
              table.insert(ctx.targets, dest)
            end
          end
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Artifacts: empty ones pay 2 trade goods.
T.EMPTY_ARTIFACT_TG = 2
if B and B.sync_artifacts then
  local base_sync = B.sync_artifacts
  function B.sync_artifacts()
    local empties = {}
    if game.options.artifacts then
      for _, pl in ipairs(game.get("game", nil, "se_artifact_planets") or {}) do
        if B.artifact(pl) == "empty" then empties[#empties + 1] = pl end
      end
    end
    base_sync()
    for _, pl in ipairs(empties) do
      local owner = game.planet_owner(pl)
      if B.artifact(pl) == nil and owner then L.gain_tg(owner, T.EMPTY_ARTIFACT_TG, "empty artifact on " .. L.name("planets", pl)) end
    end
  end
end

---------------------------------------------------------------------------
-- Galaxy creation and resource abundance (seed 000, 5/5). With the standard
-- method (the ti3 drafted galaxy, map "draft"; Star by Star is another part
-- of the pack) the four high-resource systems (Bereg, Abyz, Meer, Ashtroth)
-- are taken out before the tiles are dealt; each is replaced by a tile of
-- the box not in use (so the draft still fills every hex), drawn at random.
-- After the galaxy is built the limits are checked: at most 3 resources in
-- the systems next to a home system (systems as close to another home system
-- do not count) and at most 10 resources per player on the board outside the
-- home systems. A breach is logged (T.check_resources); the rulebook then
-- swaps systems for lesser ones until the limits hold, which
-- rules/p_galaxy_limits.lua does (game.swap_systems): game prop
-- sa_resource_breaches keeps what is left after the swaps (nil when the
-- limits hold), sa_resource_breaches_found what was found before them.
T.HIGH_RESOURCE = { "bereg__lirta_iv", "abyz__fria", "arinam__meer", "abaddon__ashtroth__loki" }
T.HOME_RESOURCES = 3
T.RESOURCES_PER_PLAYER = 10

local function box_tiles(used)
  local out = {}
  for _, id in ipairs(game.keys(game.data.systems)) do
    local d = game.data.systems[id]
    if (d.kind == "normal" or d.kind == "empty" or d.kind == "anomaly") and not d.home_of
      and d.expansion ~= "shards_of_the_throne" and not used[id] then
      out[#out + 1] = id
    end
  end
  return out
end

function T.draft_pool(footprint)
  local fp = game.data.maps[footprint]
  if not fp then return nil end
  local high = {}
  for _, id in ipairs(T.HIGH_RESOURCE) do high[id] = true end
  local pool, used, removed = {}, {}, 0
  for _, h in ipairs(game.keys(fp.tiles)) do
    local t = fp.tiles[h]
    if t ~= "mecatol_rex" then
      used[t] = true
      if high[t] then removed = removed + 1 else pool[#pool + 1] = t end
    end
  end
  for _, id in ipairs(T.HIGH_RESOURCE) do used[id] = true end
  local box = box_tiles(used)
  for _ = 1, removed do
    if #box == 0 then break end
    local i = game.random(#box)
    pool[#pool + 1] = table.remove(box, i)
  end
  table.sort(pool)
  return pool, removed
end

local function resources_of(s)
  local n = 0
  for _, pl in ipairs(game.planets_of(s)) do n = n + (L.pdef(pl).resources or 0) end
  return n
end

function T.check_resources()
  local breaches = {}
  local homes = {}
  for p = 1, game.num_players() do if L.home(p) then homes[#homes + 1] = { p = p, s = L.home(p) } end end
  local is_home = {}
  for _, h in ipairs(homes) do is_home[h.s] = true end
  for _, h in ipairs(homes) do
    local n = 0
    for _, t in ipairs(game.adjacent(h.s, "move")) do
      local shared = false
      for _, o in ipairs(homes) do
        if o.s ~= h.s then
          for _, u in ipairs(game.adjacent(o.s, "move")) do if u == t then shared = true end end
        end
      end
      if not shared and not is_home[t] then n = n + resources_of(t) end
    end
    if n > T.HOME_RESOURCES then
      breaches[#breaches + 1] = pn(h.p) .. " has " .. n .. " resources next to its home system"
    end
  end
  local total = 0
  for s = 1, game.num_systems() do
    if not is_home[s] and game.system(s).hex then total = total + resources_of(s) end
  end
  if total > T.RESOURCES_PER_PLAYER * game.num_players() then
    breaches[#breaches + 1] = total .. " resources on the board for " .. game.num_players() .. " players"
  end
  for _, b in ipairs(breaches) do game.log({ key = "sa.resource_limit_exceeded", breach = b }) end
  game.put("game", nil, "sa_resource_breaches", #breaches > 0 and breaches or nil)
  return breaches
end

local base_draft = game.procedure_fn("build_drafted_galaxy")
if base_draft then
  procedure("build_drafted_galaxy", function(ctx)
    if not ctx.pool then
      local pool, removed = T.draft_pool(ctx.footprint or ("standard_" .. game.num_players() .. "p"))
      if pool then
        ctx.pool = pool
        if removed > 0 then game.log({ key = removed == 1 and "sa.draft_system_left_out" or "sa.draft_systems_left_out", n = removed }) end
      end
    end
    local r = base_draft(ctx)
    T.check_resources()
    return r
  end)
end

---------------------------------------------------------------------------
-- Hooks.
local base_movement = game.procedure_fn("movement")
procedure("movement", function(ctx)
  local r = T.with_passage(ctx.player, base_movement, ctx)
  if (ctx.moved or 0) > 0 and ctx.system then T.entered(ctx.system) end
  return r
end)

local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  T.fighter_probes(ctx.player, ctx.system)
  local r = base_commit(ctx)
  T.worldgate_moves(ctx)
  return r
end)

local base_strategy = game.procedure_fn("strategy_phase")
procedure("strategy_phase", function(ctx)
  T.deep_space_probes()
  return base_strategy(ctx)
end)

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  local r = base_setup(args)
  for _, id in ipairs(game.keys(game.data.sa_token_rules or {})) do game.grant("game", "sa_token_rules", id) end
  return r
end)

-- The Crimson Rebellion: the Sorrow and the home system in the play area,
-- starting technology, Sundered, Incursion and breaches, Subatomic Splicer,
-- the Exile destroyers, Quietus (flagship). Sever and Resonance Generator
-- are scripts in effects/.
local L = game.lib

local function is_crimson(p) return type(p) == "number" and p ~= 0 and game.get("player", p, "faction") == "crimson" end
local function has_ability(p, id) return type(p) == "number" and p ~= 0 and game.holds(p, "abilities", id) end
-- Whether no player in the game plays The Crimson Rebellion.
local function no_crimson()
  for q = 1, game.num_players() do
    if is_crimson(q) then return false end
  end
  return true
end

-- The starting technology: one of Dark Energy Tap, Antimass Deflectors,
-- Plasma Scoring and AI Development Algorithm (AsyncTI4 te_factions.json,
-- both the stored 067f3b98 and the newest 1a471e1f: "ps" is Plasma Scoring).
-- Without Prophecy of Kings: Antimass Deflectors or Plasma Scoring.
local CRIMSON_START = { "dark_energy_tap", "antimass_deflectors", "plasma_scoring", "ai_development_algorithm" }
local base_chooses = L.chooses_starting_tech
function L.chooses_starting_tech(p)
  if is_crimson(p) then return true end
  return base_chooses(p)
end
local base_options = L.starting_tech_options
function L.starting_tech_options(p)
  if not is_crimson(p) then return base_options(p) end
  local out = {}
  for _, t in ipairs(CRIMSON_START) do
    if game.data.techs[t] and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  return out
end

---------------------------------------------------------------------------
-- Breaches: a system holds none, an inactive or an active one (game prop
-- te_breach:<s>); systems with active breaches are adjacent (links of kind
-- "breach").
---------------------------------------------------------------------------
--- The breach in system s: "active", "inactive" or nil.
function L.te_breach(s) return s and game.get("game", nil, "te_breach:" .. s) or nil end

--- Links every two systems with active breaches and unlinks those that no longer have one.
function L.te_relink_breaches()
  local was = {}
  for x in string.gmatch(game.get("game", nil, "te_breach_links") or "", "%d+") do was[#was + 1] = tonumber(x) end
  for i = 1, #was do
    for j = i + 1, #was do game.unlink(was[i], was[j], "breach") end
  end
  local now = {}
  for s = 1, game.num_systems() do
    if L.te_breach(s) == "active" then now[#now + 1] = s end
  end
  for i = 1, #now do
    for j = i + 1, #now do game.link(now[i], now[j], "breach") end
  end
  game.put("game", nil, "te_breach_links", #now > 0 and table.concat(now, ",") or nil)
end

--- The number of breach tokens in the game (the component limit).
L.TE_BREACH_LIMIT = 7

--- The systems holding a breach (active or inactive), sorted by number.
function L.te_breach_systems()
  local out = {}
  for t = 1, game.num_systems() do
    if L.te_breach(t) then out[#out + 1] = t end
  end
  return out
end

--- Puts breach `state` ("active", "inactive" or nil to remove it) in system s, by player p (for the log).
--- A new breach when all L.TE_BREACH_LIMIT are out: p moves an inactive one from elsewhere; when every one is active, none is placed (returns false).
function L.te_set_breach(s, state, p)
  if state and not L.te_breach(s) and #L.te_breach_systems() >= L.TE_BREACH_LIMIT then
    local inactive = {}
    for _, t in ipairs(L.te_breach_systems()) do
      if L.te_breach(t) == "inactive" and game.system(t).hex then inactive[#inactive + 1] = game.system(t).hex end
    end
    table.sort(inactive)
    if #inactive == 0 then
      game.log({ key = "te.breach_limit_none", p = L.pn(p), n = L.TE_BREACH_LIMIT, system = L.sysname(s) })
      return false
    end
    local pick = game.choose(p, { key = "te.breach_limit_move", p = L.pn(p), n = L.TE_BREACH_LIMIT }, inactive)
    local t = game.system_at(pick)
    game.put("game", nil, "te_breach:" .. t, nil)
    game.log({ key = "te.breach_moved", p = L.pn(p), from = L.sysname(t) })
  end
  game.put("game", nil, "te_breach:" .. s, state)
  game.log({ key = state and "te.breach_set" or "te.breach_removed", p = L.pn(p), system = L.sysname(s), state = state or "none" })
  L.te_relink_breaches()
  return true
end

--- Flips the breach in system s (active <-> inactive).
function L.te_flip_breach(s, p)
  L.te_set_breach(s, L.te_breach(s) == "active" and "inactive" or "active", p)
end

---------------------------------------------------------------------------
-- Sorrow: the Sorrow (tile 94) takes the home system's place on the board,
-- with an inactive breach; the home system (tile 118) goes to the play area,
-- a hex away from the board (as the Creuss home), joined by its epsilon wormhole.
---------------------------------------------------------------------------
local SORROW_TILE = "94"
local PLAY_AREA_HEX = "0,24"
local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local r = base_build(ctx)
  for p = 1, game.num_players() do
    local fac = L.faction(p)
    local home = L.home(p)
    local sorrow = false
    for _, a in ipairs((fac and fac.abilities) or {}) do if a == "sorrow" then sorrow = true end end
    if home and sorrow then
      local s = game.add_system(SORROW_TILE, PLAY_AREA_HEX)
      game.swap_systems(home, s)
      L.relink_wormhole("epsilon")
      game.put("game", nil, "te_breach:" .. s, "inactive")
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- Sundered.
---------------------------------------------------------------------------
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  if has_ability(p, "sundered") then
    local kinds, seen = {}, {}
    for _, k in ipairs(r.no_kinds or {}) do kinds[#kinds + 1] = k; seen[k] = true end
    local ws = { alpha = true, beta = true, gamma = true, delta = true }
    for _, id in ipairs(game.keys(game.data.systems)) do
      for _, w in ipairs(game.data.systems[id].wormholes or {}) do ws[w] = true end
    end
    for _, w in ipairs(game.keys(ws)) do
      local k = "wormhole:" .. w
      if w ~= "epsilon" and not seen[k] then kinds[#kinds + 1] = k end
    end
    r.no_kinds = kinds
  end
  return r
end

game.on("after:movement", function(ctx)
  local s, p = ctx.system, ctx.player
  if not s then return end
  for q = 1, game.num_players() do
    -- (other players: not the Crimson player's ally, ti4's L.counts_as_other)
    if q ~= p and has_ability(q, "sundered") and L.home(q) == s and L.counts_as_other(q, p) then
      for _, u in ipairs(game.units { system = s, owner = p }) do
        if game.unit_exists(u.id) then L.destroy_unit(u, { source = q, system = s, label = "sundered" }) end
      end
    end
  end
end)

---------------------------------------------------------------------------
-- Incursion.
---------------------------------------------------------------------------
game.on("after:activation", function(ctx)
  local p, s = ctx.player, ctx.system
  if s and has_ability(p, "incursion") and L.te_breach(s)
    and game.confirm(p, { key = "te.incursion_flip", system = L.sysname(s), state = L.te_breach(s) }) then
    L.te_flip_breach(s, p)
  end
end)

game.on("after:status_phase", function()
  local anyone = false
  for q = 1, game.num_players() do if has_ability(q, "incursion") then anyone = true end end
  if not anyone then return end
  for s = 1, game.num_systems() do
    if L.te_breach(s) == "active" then
      for _, p in ipairs(L.order_from(L.speaker())) do
        if #L.ships(p, s) > 0 and game.confirm(p, { key = "te.breach_remove", system = L.sysname(s) }) then
          L.te_set_breach(s, nil, p)
          break
        end
      end
    end
  end
end)

---------------------------------------------------------------------------
-- Subatomic Splicer: when one of the holder's ships is destroyed, they may
-- produce one of that type (paying its cost) at a space dock of their home system.
---------------------------------------------------------------------------
game.on("unit_destroyed", function(ctx)
  local p = ctx.player
  if not (type(p) == "number" and p ~= 0 and game.holds(p, "techs", "subatomic_splicer")) then return end
  local d = L.def(p, ctx.kind)
  local home = L.home(p)
  if d.class ~= "ship" or not home or not d.cost then return end
  local dock = false
  for _, pl in ipairs(game.planets_of(home)) do
    if game.count_units { owner = p, planet = pl, kind = "space_dock" } > 0 then dock = true end
  end
  if not dock or L.blockaded(p, home) then return end
  if L.unit_limit(p, ctx.kind, d) and game.count_units { owner = p, kind = ctx.kind } >= L.unit_limit(p, ctx.kind, d) then return end
  if L.spendable(p, "resources") < d.cost then return end
  if game.confirm(p, { key = "te.subatomic_splicer", unit = ctx.kind, n = d.cost }) and L.pay(p, d.cost, "resources") then
    game.spawn(ctx.kind, p, { system = home })
    game.log({ key = "te.produces_at_home", p = L.pn(p), unit = ctx.kind, system = L.sysname(home) })
  end
end, { plain = function(board)
  for _, p in ipairs({ board.attacker or 1, board.defender or 2 }) do
    if game.holds(p, "techs", "subatomic_splicer") then return false end
  end
  return true
end })

---------------------------------------------------------------------------
-- The Exile destroyers: after any combat in their system or an adjacent one
-- (Exile II: up to 2 systems away), the Crimson player may put a breach
-- there (Exile I: inactive; II: active or inactive), where none is.
---------------------------------------------------------------------------
local function after_combat(s)
  if not s or L.te_breach(s) then return end
  for _, q in ipairs(L.order_from(game.get("game", nil, "active") or 1)) do
    if is_crimson(q) and L.te_breach(s) == nil then
      local d = L.def(q, "destroyer")
      local range = (d.id == "crimson_destroyer_2" and 2) or (d.id == "crimson_destroyer" and 1) or nil
      if range then
        local near = false
        for _, t in ipairs(game.within(s, range, "move")) do
          if game.count_units { owner = q, kind = "destroyer", system = t, space = true } > 0 then near = true end
        end
        if game.count_units { owner = q, kind = "destroyer", system = s, space = true } > 0 then near = true end
        if near then
          local opts = range == 2 and { "none", "inactive", "active" } or { "none", "inactive" }
          local pick = game.choose(q, { key = "te.exile_breach", system = L.sysname(s) }, opts)
          if pick ~= "none" then L.te_set_breach(s, pick, q) end
        end
      end
    end
  end
end
game.on("after:space_combat", function(ctx) after_combat(ctx.system) end, { plain = no_crimson })
game.on("after:ground_combat", function(ctx) after_combat(ctx.planet and game.planet_system(ctx.planet)) end)

---------------------------------------------------------------------------
-- Quietus: as long as it sits in an active-breach system, every other
-- player's units in any active-breach system lose their unit abilities
-- (space cannon, bombardment, sustain damage, production, anti-fighter
-- barrage and planetary shield).
---------------------------------------------------------------------------
--- Whether player p's units in system s have lost their unit abilities to another player's Quietus.
function L.te_quietus_silenced(p, s)
  if not s or L.te_breach(s) ~= "active" then return false end
  for q = 1, game.num_players() do
    if q ~= p and L.counts_as_other(q, p) and L.has_unit(q, "flagship") and L.has_flagship_ability(q, "flagship", "crimson_flagship") then
      for _, u in ipairs(game.units { owner = q, kind = "flagship", space = true }) do
        if L.te_breach(u.system) == "active" then return true end
      end
    end
  end
  return false
end

local base_shooters = L.space_cannon_shooters
function L.space_cannon_shooters(q, t, s)
  if L.te_quietus_silenced(q, t) then return {} end
  return base_shooters(q, t, s)
end
-- Space cannon defense against committed ground forces is a use of the
-- same Space Cannon ability (LRR 77.4): silenced units fire none.
local base_scd_units = L.space_cannon_defense_units
function L.space_cannon_defense_units(p, pl, ctx)
  local s = game.planet_system(pl)
  local out = {}
  for _, u in ipairs(base_scd_units(p, pl, ctx)) do
    if not L.te_quietus_silenced(u.owner, s) then out[#out + 1] = u end
  end
  return out
end
local base_bombard_units = L.bombard_units
function L.bombard_units(p, s, ctx)
  if L.te_quietus_silenced(p, s) then return {} end
  return base_bombard_units(p, s, ctx)
end
local base_production = L.production
function L.production(p, s)
  if L.te_quietus_silenced(p, s) then return 0 end
  return base_production(p, s)
end
-- (Neither player of a simulated fight silenced in its system: the
-- wrappers below of the fight's helpers change nothing.)
local function none_silenced(board)
  local s = board.system or 1
  return not L.te_quietus_silenced(board.attacker or 1, s) and not L.te_quietus_silenced(board.defender or 2, s)
end
local base_barrage_shooters = L.barrage_shooters
function L.barrage_shooters(p, s)
  if L.te_quietus_silenced(p, s) then return {} end
  return base_barrage_shooters(p, s)
end
L.plain_wrapper(L.barrage_shooters, base_barrage_shooters, none_silenced)
local base_gives_shield = L.gives_shield
function L.gives_shield(u, pl, attacker)
  if L.te_quietus_silenced(u.owner, game.planet_system(pl)) then return false end
  return base_gives_shield(u, pl, attacker)
end
local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  local out = base_hit_options(p, units, opts, gone)
  local silenced = {}
  for _, u in ipairs(units) do
    if u.system and L.te_quietus_silenced(u.owner or p, u.system) then silenced[u.kind .. "#" .. u.id] = true end
  end
  if next(silenced) == nil then return out end
  local kept = {}
  for _, o in ipairs(out) do
    local how, unit = o:match("^(%w+):(.+)$")
    if not (how == "sustain" and silenced[unit]) then kept[#kept + 1] = o end
  end
  return kept
end
L.plain_wrapper(L.hit_options, base_hit_options, none_silenced)

---------------------------------------------------------------------------
-- Sever (promissory note): the severed system's wormholes have no effect
-- during movement (a border token blocking the `move` purpose on each of its
-- wormhole links; space cannon, neighbours and the like still see them)
-- until the end of the status phase, when the note goes back. A system also
-- adjacent to it by its sides keeps that adjacency.
---------------------------------------------------------------------------
local SEVER_WORMHOLES = { "alpha", "beta", "gamma", "delta", "epsilon" }
local function wormhole_kinds()
  local out = {}
  for _, w in ipairs(SEVER_WORMHOLES) do out[#out + 1] = "wormhole:" .. w end
  return out
end
-- The systems t that severed system s reaches through its wormholes only.
local function sever_pairs(s)
  local out = {}
  -- (A purpose no token blocks: every link of s.)
  for _, t in ipairs(game.adjacent(s, "any_link")) do
    if game.move_cost(s, t, { no_kinds = wormhole_kinds() }) ~= 1 then out[#out + 1] = t end
  end
  return out
end
local function sever_tokens(s, on)
  for _, t in ipairs(sever_pairs(s)) do
    game.remove_border_token(s, t, "te_sever")
    if on then game.border_token(s, t, "te_sever", { "move" }, false) end
  end
end

--- Severs system s: its wormholes no longer count for movement.
function L.te_sever(s)
  game.put("game", nil, "te_sever", s)
  game.place_token(s, "sever")
  sever_tokens(s, true)
end

-- A wormhole relinked while a system is severed (a moved Hil Colish, say)
-- gets the token again on its new links.
local base_relink_wormhole = L.relink_wormhole
function L.relink_wormhole(w)
  base_relink_wormhole(w)
  local s = game.get("game", nil, "te_sever")
  if s then sever_tokens(s, true) end
end

game.on("after:status_phase", function()
  local s = game.get("game", nil, "te_sever")
  if not s then return end
  sever_tokens(s, false)
  game.put("game", nil, "te_sever", nil)
  game.remove_token(s, "sever")
  for p = 1, game.num_players() do
    for _, c in ipairs(L.notes_in_play(p)) do
      local id = L.note_of(c)
      if id == "sever" then L.return_note(c, "notes_area:" .. p, p) end
    end
  end
end)

-- Resonance Generator (breakthrough): +1 move in the holder's tactical
-- actions to ships starting in their home system or a system with an active
-- breach; not in another player's turn (a ship moving by Rescue there).
local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  local active = game.get("game", nil, "active")
  if type(p) == "number" and p ~= 0 and game.holds(p, "breakthroughs", "resonance_generator") and (active == nil or active == p)
    and (from == L.home(p) or L.te_breach(from) == "active") then
    m = m + 1
  end
  return m
end

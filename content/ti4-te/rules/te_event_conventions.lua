-- Galactic events Conventions of War Abandoned, Monuments to the Ages and
-- Weird Wormholes (options galactic_event_conventions_of_war_abandoned,
-- galactic_event_monuments_to_the_ages, galactic_event_weird_wormholes).
local L = game.lib

local function conventions() return game.options.galactic_event_conventions_of_war_abandoned end
local function monuments() return game.options.galactic_event_monuments_to_the_ages end
local function weird() return game.options.galactic_event_weird_wormholes end

local X89 = "x89_bacterial_weapon"

---------------------------------------------------------------------------
-- Conventions of War Abandoned: each BOMBARDMENT hit destroys 3 units
-- (ti-common's L.bombardment_hit_size: the hits assigned are tripled). A
-- player who owns X-89 Bacterial Weapon gains an action (the component
-- galactic_events.conventions_of_war_abandoned, cards/galactic_events_b.yaml):
-- exhaust X-89 to purge a planet in a system holding one of their units with
-- BOMBARDMENT. A purged planet leaves the game (game.detach_planet: it is in
-- no system's list of planets, so nobody controls, counts or lands on it),
-- with the units on it, its attachments and its legendary ability card. A
-- player whose home-system planets are all purged is eliminated (ti4's
-- L.meets_elimination, checked at once and at the end of every turn).
-- (X-89's own effects, as revised for Thunder's Edge, are passive:
-- rules/te_codex_techs.lua; exhausting it only closes this action until the
-- status phase readies it.)
---------------------------------------------------------------------------
local base_hit_size = L.bombardment_hit_size
function L.bombardment_hit_size(p, owner, pl)
  if conventions() then return 3 * base_hit_size(p, owner, pl) end
  return base_hit_size(p, owner, pl)
end

--- Whether planet pl was purged (Conventions of War Abandoned): it has left the game.
function L.te_planet_purged(pl) return game.get("game", nil, "te_purged_planet:" .. pl) == true end

--- The planets p may purge with X-89 Bacterial Weapon (Conventions of War Abandoned): those of the systems holding one of p's units with BOMBARDMENT, sorted.
function L.te_x89_purge_targets(p)
  local systems = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and L.bombardment_of(p, u, { player = p, system = u.system }) then systems[u.system] = true end
  end
  local out = {}
  for _, s in ipairs(game.keys(systems)) do
    for _, pl in ipairs(game.planets_of(s)) do out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

--- Whether p may use X-89 Bacterial Weapon's action of Conventions of War Abandoned now: p owns it, it is ready, and a planet can be purged.
function L.te_x89_purge_usable(p)
  return conventions() and game.holds(p, "techs", X89) and not game.get("player", p, "used:" .. X89)
    and #L.te_x89_purge_targets(p) > 0
end

--- Planet pl is purged by player p: the units on it are removed, its legendary ability card and attachments go with it, and it leaves the game (nobody controls it again).
function L.te_purge_planet(p, pl)
  for _, u in ipairs(game.units { planet = pl }) do game.remove_unit(u.id) end
  local q = game.planet_owner(pl)
  local legend = L.te_legend_of(pl)
  if legend then
    for o = 1, game.num_players() do
      if game.holds(o, "legendary_abilities", legend) then
        game.revoke(o, "legendary_abilities", legend)
        if legend == "song_like_marrow" then
          game.add(o, "vp", -1)
          game.log({ key = "te.loses_vp", p = L.pn(o), n = 1, card = L.name("legendary_abilities", legend), vp = game.counter(o, "vp") })
        end
      end
    end
  end
  game.put("game", nil, "attach_res:" .. pl, nil)
  game.put("game", nil, "attach_inf:" .. pl, nil)
  L.te_remove_monument(pl)
  game.put("game", nil, "te_purged_planet:" .. pl, true)
  game.detach_planet(pl)
  game.log({ key = "te.planet_purged", p = L.pn(p), planet = L.name("planets", pl) })
  if q then L.te_monument_refresh() end
end

--- Whether every planet of p's home system has been purged (Conventions of War Abandoned; planets taken off the board otherwise, as by The Silver Flame, count too).
function L.te_home_purged(p)
  local h = L.home(p)
  if not h then return false end
  local d = game.data.systems[game.tile_of(h)]
  local list = (d and d.planets) or {}
  if #list == 0 then return false end
  for _, pl in ipairs(list) do
    if not L.te_planet_purged(pl) then
      -- (A planet taken off the board otherwise, The Silver Flame's home system, is purged too.)
      for _, x in ipairs(game.planets_of(game.planet_system(pl) or h)) do
        if x == pl then return false end
      end
    end
  end
  return true
end

local base_meets_elimination = L.meets_elimination
function L.meets_elimination(p)
  if conventions() and L.te_home_purged(p) then return true end
  return base_meets_elimination(p)
end

-- Every player holds the event's component (the action asks for X-89).
local base_setup_decks = game.procedure_fn("setup_decks")
procedure("setup_decks", function()
  local r = base_setup_decks()
  if conventions() then
    for p = 1, game.num_players() do game.grant(p, "galactic_events", "conventions_of_war_abandoned") end
  end
  return r
end)

---------------------------------------------------------------------------
-- Monuments to the Ages: a player about to place a structure on a planet
-- outside the home systems may pay 5 trade goods to put a monument there
-- instead (ti4's L.structure_replaced). A monument is no unit: it is the
-- planet prop `te_monument` (the commodities under it) and the planet is in
-- the game prop `te_monuments` (sorted). At most 3 are in play, one a
-- planet. At the start of every status phase each monument gets one
-- commodity; the player controlling a monument's planet has 1 victory point
-- per 3 commodities under it (player prop `te_monument_vp`: the points
-- given now, brought up to date whenever control or commodities change). A
-- player who gains control of a planet with a monument may destroy it.
---------------------------------------------------------------------------
local MONUMENT_COST, MONUMENT_MAX = 5, 3

--- The planets with a monument (Monuments to the Ages), sorted.
function L.te_monuments() return game.get("game", nil, "te_monuments") or {} end

--- The commodities under the monument on planet pl, or nil without one.
function L.te_monument_commodities(pl) return game.get("planet", pl, "te_monument") end

--- Whether p may put a monument instead of a structure on planet pl now: not in a home system, no monument there, fewer than 3 in play, 5 trade goods.
function L.te_may_place_monument(p, pl)
  if not monuments() then return false end
  local s = game.planet_system(pl)
  if not s or L.is_home_system(s) or L.te_monument_commodities(pl) then return false end
  return #L.te_monuments() < MONUMENT_MAX and game.counter(p, "tg") >= MONUMENT_COST
end

--- The victory points the monuments give p now: 1 per 3 commodities under each monument on a planet p controls.
function L.te_monument_points(p)
  local n = 0
  for _, pl in ipairs(L.te_monuments()) do
    if game.planet_owner(pl) == p then n = n + (L.te_monument_commodities(pl) or 0) // 3 end
  end
  return n
end

--- Brings every player's monument victory points up to date (gained or lost as the monuments' planets change hands or gain commodities).
function L.te_monument_refresh()
  for p = 1, game.num_players() do
    local had = game.get("player", p, "te_monument_vp") or 0
    local now = L.te_monument_points(p)
    if now ~= had then
      game.put("player", p, "te_monument_vp", now)
      if now > had then
        L.gain_vp(p, now - had, L.name("galactic_events", "monuments_to_the_ages"))
      else
        game.add(p, "vp", now - had)
        game.log({ key = "te.loses_vp", p = L.pn(p), n = had - now, card = L.name("galactic_events", "monuments_to_the_ages"), vp = game.counter(p, "vp") })
      end
    end
  end
end

--- The monument on planet pl leaves play (with the commodities under it); nothing without one.
function L.te_remove_monument(pl)
  if not L.te_monument_commodities(pl) then return end
  game.put("planet", pl, "te_monument", nil)
  local left = {}
  for _, x in ipairs(L.te_monuments()) do if x ~= pl then left[#left + 1] = x end end
  game.put("game", nil, "te_monuments", left)
end

local base_structure_replaced = L.structure_replaced
function L.structure_replaced(p, t, pl)
  if L.te_may_place_monument(p, pl)
    and game.confirm(p, { key = "te.monument_offer", structure = L.name("units", t), kind = t, planet = L.name("planets", pl), id = pl, n = MONUMENT_COST }) then
    game.add(p, "tg", -MONUMENT_COST)
    game.put("planet", pl, "te_monument", 0)
    local list = L.te_monuments()
    list[#list + 1] = pl
    table.sort(list)
    game.put("game", nil, "te_monuments", list)
    game.log({ key = "te.monument_placed", p = L.pn(p), planet = L.name("planets", pl), n = MONUMENT_COST })
    return true
  end
  return base_structure_replaced(p, t, pl)
end

game.on("before:status_phase", function(ctx)
  if not monuments() or #L.te_monuments() == 0 then return end
  for _, pl in ipairs(L.te_monuments()) do
    local n = L.te_monument_commodities(pl) + 1
    game.put("planet", pl, "te_monument", n)
    game.log({ key = "te.monument_commodity", planet = L.name("planets", pl), n = n })
  end
  L.te_monument_refresh()
end)

game.on("planet_gained", function(ctx)
  if not monuments() or not L.te_monument_commodities(ctx.planet) then return end
  if game.confirm(ctx.player, { key = "te.monument_destroy_offer", planet = L.name("planets", ctx.planet), id = ctx.planet }) then
    L.te_remove_monument(ctx.planet)
    game.log({ key = "te.monument_destroyed", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet) })
  end
  L.te_monument_refresh()
end)

-- (A planet lost to nobody: brought up to date at the end of the turn.)
game.on("turn_end", function(ctx)
  if monuments() and #L.te_monuments() > 0 then L.te_monument_refresh() end
end)

---------------------------------------------------------------------------
-- Weird Wormholes: a ship that moved through an alpha, beta or gamma
-- wormhole rolls a die once the movement step is over; 1-5 (a miss against
-- 6) it becomes the type below it on the ladder, 6-10 the type above, from
-- reinforcements (a type none of which is left is skipped, going on the
-- same way; none: nothing changes). The kernel keeps no path, so ti-common's
-- L.ship_moved decides: a ship whose move needs one of those wormhole links
-- went through one; one that could also have come another way within its
-- move value is asked which way it came (te.weird_wormhole_route).
---------------------------------------------------------------------------
local WORMHOLES = { "wormhole:alpha", "wormhole:beta", "wormhole:gamma" }
local LADDER = { "fighter", "destroyer", "cruiser", "dreadnought", "carrier", "flagship", "war_sun" }

local function with_no_wormholes(rules)
  local kinds, seen = {}, {}
  for _, list in ipairs({ rules.no_kinds or {}, WORMHOLES }) do
    for _, k in ipairs(list) do
      if not seen[k] then seen[k] = true; kinds[#kinds + 1] = k end
    end
  end
  return { blocked = rules.blocked, stop = rules.stop, free_exit = rules.free_exit, no_kinds = kinds }
end

local function member(list, x)
  for _, y in ipairs(list or {}) do if y == x then return true end end
  return false
end

--- Whether system a and b are joined by an alpha, beta or gamma wormhole link usable under `rules` (and by no other link).
function L.te_wormhole_link(a, b, rules)
  return game.move_cost(a, b, { no_kinds = WORMHOLES }) ~= 1 and game.move_cost(a, b, { no_kinds = rules.no_kinds }) == 1
end

--- Whether some way from `from` to `target` through an alpha, beta or gamma wormhole link costs at most `move` under `rules` (L.move_rules).
function L.te_wormhole_route(from, target, move, rules)
  for a = 1, game.num_systems() do
    local c1 = (a == from) and 0 or game.move_cost(from, a, rules)
    if c1 and c1 < move + 1 and (a == from or not member(rules.stop, a)) and a ~= target then
      local step = member(rules.free_exit, a) and 0 or 1
      for _, b in ipairs(game.adjacent(a, "move")) do
        if not member(rules.blocked, b) and (b == target or not member(rules.stop, b)) and L.te_wormhole_link(a, b, rules) then
          local c2 = game.move_cost(b, target, rules)
          if c2 and c1 + step + c2 <= move then return true end
        end
      end
    end
  end
  return false
end

--- Whether p's ship m.unit, which moved from `from` to `target` under the movement rules `rules`, went through an alpha, beta or gamma wormhole: its move needed one, or p says it came that way when another way was open too.
function L.te_moved_through_wormhole(p, m, from, target, rules)
  local move = L.move_value(p, m.unit, from)
  local c = game.move_cost(from, target, with_no_wormholes(rules))
  if c == nil or c > move then return true end
  if not L.te_wormhole_route(from, target, move, rules) then return false end
  local u = m.unit
  return game.confirm(p, { key = "te.weird_wormhole_route", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(target) })
end

local base_ship_moved = L.ship_moved
function L.ship_moved(p, m, from, target, rules, ctx)
  if weird() and L.te_moved_through_wormhole(p, m, from, target, rules) then
    ctx.te_weird_wormholes = ctx.te_weird_wormholes or {}
    table.insert(ctx.te_weird_wormholes, m.unit.id)
  end
  return base_ship_moved(p, m, from, target, rules, ctx)
end

--- Whether p has a unit of ladder type t in reinforcements for Weird Wormholes (a war sun only once researched; fighters always).
function L.te_weird_available(p, t)
  if not L.has_unit(p, t) then return false end
  local d = L.def(p, t)
  if not d or d.class ~= "ship" then return false end
  if d.requires_tech and not game.holds(p, "techs", d.requires_tech) then return false end
  if t == "fighter" then return true end
  local lim = L.unit_limit(p, t, d)
  return lim == nil or game.count_units { owner = p, kind = t } < lim
end

--- Weird Wormholes: p's ship `id` in system s rolls and may be swapped for the type below (1-5) or above (6-10) on the ladder.
function L.te_weird_wormhole(p, id, s)
  local u
  for _, x in ipairs(game.units { system = s, owner = p }) do if x.id == id then u = x end end
  if not u then return end
  local t = L.def(p, u.kind).type or u.kind
  local at
  for i, x in ipairs(LADDER) do if x == t then at = i end end
  if not at then return end
  local up = game.roll({ key = "te.weird_wormhole_roll", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1, 6)
  local step = up > 0 and 1 or -1
  local i = at + step
  while LADDER[i] and not L.te_weird_available(p, LADDER[i]) do i = i + step end
  local new = LADDER[i]
  if not new then
    game.log({ key = "te.weird_wormhole_same", p = L.pn(p), unit = u.kind .. "#" .. u.id })
    return
  end
  game.remove_unit(u.id)
  local nid = game.spawn(new, p, { system = s })
  game.log({ key = "te.weird_wormhole_swap", p = L.pn(p), unit = u.kind .. "#" .. u.id, new = new .. "#" .. nid })
end

game.on("after:movement", function(ctx)
  local ids = ctx.te_weird_wormholes
  if not ids then return end
  ctx.te_weird_wormholes = nil
  local p, s = ctx.player, ctx.system
  for _, id in ipairs(ids) do
    if game.unit_exists(id) then L.te_weird_wormhole(p, id, s) end
  end
  if #L.enemies_in(p, s) == 0 then L.enforce_limits(p, s) else L.limits_before_combat(p, s) end
end)

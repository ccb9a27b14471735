-- Shattered Ascension v4.5 (seed 000, Appendix I 1/5): NOMENCLATURE and
-- GENERAL. Always in force in sa-en. Data and the game-held window scripts:
-- general.yaml, effects/general/*.lua.
--
-- NOMENCLATURE (helpers in game.lib; the terms are used by the other parts
-- of the pack):
--   * ground units = ground forces, shock troops and armor (units of class
--     `ground`): L.is_ground_unit; an army is a player's ground units on a
--     planet (L.ground). Installations = space docks, PDS (class
--     `structure`) and facilities (not units: options_b keeps them as planet
--     props): L.is_installation.
--   * void system: no planet, no wormhole, not a special system (L.is_void).
--   * adjoining systems share a tile border (L.adjoining); wormhole-connected
--     systems are adjacent for all purposes (the shared galaxy graph already
--     links them for every purpose).
--   * rotation order: from the speaker in the direction of the Rotation
--     Cycler (L.sa_rotation_order; the cycler is rules/k_victory.lua's).
--   * recycle: discard a card and draw one of the same deck (L.sa_recycle).
--   * exhausted space dock: it produces nothing more this round; docks are
--     refreshed with the planets in the status phase (L.sa_exhaust_dock,
--     L.sa_dock_exhausted; L.production leaves exhausted docks out).
--   * cargo: units carried with capacity (see GENERAL below).
--   * hostile act: a player's ships end their movement in a system holding
--     another player's ships, or he bombards or invades one of that player's
--     planets. It breaks the trade agreements between the two
--     (L.sa_hostile_act, window `hostile_act`, L.sa_break_agreement).
--   * withdrawals, racial upgrades: see the retreat and technology parts.
--
-- GENERAL:
--   1. Cargo (fighters, ground units, PDS) may be picked up in any system
--      that is not activated (or in the system just activated), whatever
--      enemy ships are there and wherever it is (planet or space). The
--      shared movement step loads cargo where the moving ships start; here,
--      after it, the player may pick up more in the systems the moving ships
--      can pass through on their way (within their movement, not activated
--      by him), and, when the activated system has a planet that is not his,
--      lift his ground units off his planets there to land them elsewhere.
--      The capacity of all his ships in the activated system is pooled (our
--      simplification: which ship carries what is not tracked).
--   2. Pre-combat effects are simultaneous: both sides roll their
--      anti-fighter barrage before either removes casualties. Then the
--      other pre-combat effects of both sides (Assault Cannons, Mentak's
--      Ambush, flagships' pre-combat shots) all fire, in window
--      sa_pre_combat, before either side removes casualties.
--   3. Fighters are ships: they block enemy movement (as in the shared
--      movement rules) and count for controlling a system
--      (L.controls_system).
--   4. Political cards: never spent as trade goods (nothing in the pack
--      lets them); each player receives one in the status phase (after the
--      action cards), may trade two of them for a new one (offered then, and
--      L.sa_swap_politics for any other moment), and holds at most 7.
--   5. An action card effect barred from home systems may still be used in
--      one if the system's original owner allows it: the action card scripts
--      ask L.sa_home_permission(p, s, what) (a decision of that owner).
--   6. No player activates another player's home system in round 1.
--   7. A planet with no ground units that takes a bombardment hit turns
--      neutral at once (its installations are destroyed with it: later SA
--      "turning neutral"); the bombarding player may decline.
--   8. As each strategy phase begins, home system planets without enemy
--      ground units go back, exhausted, to their original owner, with the
--      installations on them.
--   9. Mix and Match: one resource buys one ground force and one fighter.
--      Whatever ground forces and fighters a production makes two for a
--      resource, the player then chooses how many of them are fighters.
--  10. Just before the planets are refreshed, each player may spend
--      resources of his ready planets: 1 trade good per 2 resources.
--  11. (Yellow technology specialties and objectives: the objective part.)
--  12. Space docks may be built under blockade (the ti3 production allows
--      it) and always on one's own home system planets, even just acquired.
--  13. (Negative effects are met as far as possible: the card scripts.)
--  14. Refresh abilities are used instead of refreshing the planet, whether
--      it was exhausted or not. UNCERTAIN: a planet so used stays (or
--      becomes) exhausted for the next round.
--  15. Facilities are placed the same way, in the refresh step, on a planet
--      of the player outside any home system, not a trade station, without
--      a facility yet; no earlier control is needed. (Values and loss when
--      the planet changes hands: ti3 options_b, option facilities, always on.)
--  16. Trade stations (planets with `trade_station: true`): nobody takes one
--      from a player who has ships in its system; at the end of each action
--      the only player with ships in its system takes it (later SA rulebook,
--      "Trade Stations").
--  17. Space mines lie on borders (not wormholes). In the production step of
--      a tactical action, with a cruiser in the activated system (the SE
--      condition), the active player may pay 2 resources to lay mines on
--      two of that system's borders (one deployment per production; 12 mine
--      tokens, SE). An enemy ship that cannot reach its destination without
--      crossing a mined border crosses one (its owner picks which when he
--      can choose). For each mined border crossed the mover rolls one die per
--      non-fighter ship that crossed it; each 8+ is a hit on those ships,
--      assigned by him; the mine is removed only if it scored a hit. The SE
--      in-system mines (option space_mines) are not part of SA.
--
-- Hooking in: every wrapper is registered when this file loads; those of
-- the general rules apply once setup has started (L.sa_general_install,
-- called by rules/a_setup.lua).
local L = game.lib
local G = {}
L.sa_general = G

local function pn(p) return L.pn(p) end
local function round_no() return game.get("game", nil, "round") or 0 end
local function utype(p, kind) return L.def(p, kind).type or kind end

---------------------------------------------------------------------------
-- NOMENCLATURE helpers.
function L.is_ground_unit(p, kind) return L.def(p, kind).class == "ground" end
function L.is_installation(p, kind) return L.def(p, kind).class == "structure" end

local NEIGHBOURS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }
function L.adjoining(s)
  local out = {}
  local h = game.system(s).hex
  local q, r = (h or ""):match("^(%-?%d+),(%-?%d+)$")
  if not q then return out end
  q, r = tonumber(q), tonumber(r)
  for _, o in ipairs(NEIGHBOURS) do
    local t = game.system_at((q + o[1]) .. "," .. (r + o[2]))
    if t then out[#out + 1] = t end
  end
  table.sort(out)
  return out
end

function L.is_void(s)
  local d = game.data.systems[game.tile_of(s)] or {}
  if d.kind == "special" or d.kind == "home" then return false end
  if #game.planets_of(s) > 0 then return false end
  if #(d.wormholes or {}) > 0 then return false end
  if L.optb and #L.optb.wormholes(s) > 0 then return false end
  return true
end

function G.is_home_system(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and (d.kind == "home" or d.home_of) then return true end
  for p = 1, game.num_players() do
    if L.home(p) == s then return true end
  end
  return false
end

function L.sa_rotation_order() return L.order_from(L.speaker()) end

-- Recycling: the card goes to its discard pile and one of the same deck is drawn.
local DECKS = { action_cards = { "actions", "deck:actions", "discard:actions" },
  political_cards = { "politics", "deck:politics", "discard:politics" } }
function L.sa_recycle(p, coll, card)
  local d = DECKS[coll]
  game.move_card(card, d[1] .. ":" .. p, d[3])
  local got = L.draw(d[2], d[3], d[1] .. ":" .. p, 1)
  game.log({ key = "sa.recycles", p = pn(p), card = L.name(coll, card) })
  return got[1]
end

-- The name to show for `what`, an action card's id or English name (as the
-- card scripts pass it): the locale's name of that card, else `what` itself;
-- nil gives "an action card" (or `none`, a keyed fragment).
function G.card_label(what, none)
  if not what then return none or { key = "sa.an_action_card" } end
  local cards = game.data.action_cards or {}
  if cards[what] then return L.name("action_cards", what) end
  for _, id in ipairs(game.keys(cards)) do
    if cards[id].name == what then return L.name("action_cards", id) end
  end
  return what
end

-- 5. May p use a card effect barred from home systems in system s?
function L.sa_home_permission(p, s, what)
  for q = 1, game.num_players() do
    if L.home(q) == s then
      if q == p then return true end
      local card = G.card_label(what)
      local ok = game.choose(q, { key = "sa.allow_home_use", p = pn(p), card = card }, { "no", "yes" }) == "yes"
      game.log({ key = ok and "sa.allows_home_use" or "sa.refuses_home_use", q = pn(q), p = pn(p), card = card })
      return ok
    end
  end
  return true
end

-- A system p controls: at least one of p's ships (fighters count in SA) and
-- every planet in it.
function L.controls_system(p, s)
  if #L.ships(p, s) == 0 then return false end
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) ~= p then return false end
  end
  return true
end

-- Exhausted space docks (unit prop sa_exhausted).
function L.sa_exhaust_dock(id)
  game.put("unit", id, "sa_exhausted", true)
  game.log({ key = "sa.dock_exhausted", id = id })
end
function L.sa_dock_exhausted(id) return game.get("unit", id, "sa_exhausted") and true or false end

function G.refresh_docks()
  for _, u in ipairs(game.units {}) do
    if u.sa_exhausted then game.put("unit", u.id, "sa_exhausted", nil) end
  end
end

-- Hostile acts and trade agreements.
function L.sa_break_agreement(p, q, why)
  local list = game.get("game", nil, "agreements") or {}
  local keep, broke = {}, false
  for _, a in ipairs(list) do
    if (a.a == p and a.b == q) or (a.a == q and a.b == p) then broke = true else keep[#keep + 1] = a end
  end
  if not broke then return false end
  game.put("game", nil, "agreements", keep)
  game.log({ key = why and "sa.agreement_broken_why" or "sa.agreement_broken", p = pn(p), q = pn(q), why = why })
  return true
end

-- Combat between trade partners breaks nothing by itself here: SA breaks
-- agreements through hostile acts (above), not through TI3's rule of war.
function L.combat_breaks_agreement(p, q) return false end

function L.sa_hostile_act(p, q, why)
  if not p or not q or p == q then return end
  local w = game.window("hostile_act", { player = p, active = p, target = q, why = why })
  if not w.keep_agreements then L.sa_break_agreement(p, q, "hostile act: " .. (why or "")) end
end

---------------------------------------------------------------------------
-- 4. Political cards.
G.POLITICS_LIMIT = 7

function L.sa_swap_politics(p)
  for _ = 1, 20 do
    local zone = "politics:" .. p
    if game.zone_count(zone) < 2 or game.zone_count("deck:politics") + game.zone_count("discard:politics") == 0 then return end
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone(zone)) do if not seen[c] then seen[c] = true; hand[#hand + 1] = c end end
    table.sort(hand)
    local opts = { "no" }
    for _, c in ipairs(hand) do opts[#opts + 1] = c end
    local a = game.choose(p, { key = "sa.swap_politics_first" }, opts)
    if a == "no" then return end
    game.move_card(a, zone, "discard:politics")
    local rest, seen2 = {}, {}
    for _, c in ipairs(game.zone(zone)) do if not seen2[c] then seen2[c] = true; rest[#rest + 1] = c end end
    table.sort(rest)
    local b = game.choose(p, { key = "sa.swap_politics_second" }, rest)
    game.move_card(b, zone, "discard:politics")
    L.draw("deck:politics", "discard:politics", zone, 1)
    game.log({ key = "sa.swaps_politics", p = pn(p) })
  end
end

function L.sa_politics_limit(p)
  local zone = "politics:" .. p
  while game.zone_count(zone) > G.POLITICS_LIMIT do
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone(zone)) do if not seen[c] then seen[c] = true; hand[#hand + 1] = c end end
    table.sort(hand)
    local c = game.choose(p, { key = "sa.politics_discard", n = G.POLITICS_LIMIT }, hand)
    game.move_card(c, zone, "discard:politics")
    game.log({ key = "sa.politics_discards", p = pn(p), card = L.name("political_cards", c) })
  end
end

function G.status_politics()
  for _, p in ipairs(L.sa_rotation_order()) do
    local got = L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    if #got > 0 then game.log({ key = "sa.receives_political_card", p = pn(p) }) end
    L.sa_swap_politics(p)
    L.sa_politics_limit(p)
  end
end

---------------------------------------------------------------------------
-- 8. Home system planets go back to their owner.
function G.home_planets_return()
  local back = false
  for p = 1, game.num_players() do
    local home = L.home(p)
    if home then
      for _, pl in ipairs(game.planets_of(home)) do
        if game.planet_owner(pl) ~= p then
          local enemy = false
          for _, u in ipairs(game.units { planet = pl }) do
            if u.owner ~= p and L.is_ground_unit(u.owner, u.kind) then enemy = true end
          end
          if not enemy then
            for _, u in ipairs(game.units { planet = pl }) do
              if u.owner ~= p and L.is_installation(u.owner, u.kind) then
                game.set_unit_owner(u.id, p)
                game.log({ key = "sa.home_installation_back", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl), p = pn(p) })
              end
            end
            game.log({ key = "sa.home_planet_back", planet = L.name("planets", pl), p = pn(p) })
            L.take_control(p, pl, true)
            back = true
          end
        end
      end
    end
  end
  -- Leaders of others standing on a planet that went back make their fate
  -- rolls now (the leaders part of the pack, rules/f_leaders.lua).
  if back and L.sa_settle_leader_fates then L.sa_settle_leader_fates() end
end

---------------------------------------------------------------------------
-- 10. Trade goods from unused resources.
local function planet_resources(p)
  local n = 0
  for _, pl in ipairs(L.ready_planets(p)) do n = n + (L.pdef(pl).resources or 0) end
  return n
end

-- Pays `amount` resources from p's planets only (trade goods untouched).
function G.pay_from_planets(p, amount)
  local tg = game.counter(p, "tg")
  game.set(p, "tg", 0)
  local ok, err = pcall(L.pay, p, amount, "resources")
  game.set(p, "tg", tg)
  if not ok then error(err, 0) end
  return err
end

function G.produce_trade_goods()
  for _, p in ipairs(L.sa_rotation_order()) do
    local most = planet_resources(p) // 2
    if most > 0 then
      local opts = {}
      for i = 0, most do opts[#opts + 1] = tostring(i) end
      local n = tonumber(game.choose(p, { key = "sa.produce_tg" }, opts))
      if n > 0 then
        G.pay_from_planets(p, 2 * n)
        L.gain_tg(p, n, "produced from " .. (2 * n) .. " resources")
      end
    end
  end
end

---------------------------------------------------------------------------
-- 14-15. Refresh abilities and facilities, in the refresh step.
local FACILITIES = { "colony", "refinery" }

function G.facility_ok(p, pl, kind)
  if not game.options.facilities or not L.optb then return false end
  if game.planet_owner(pl) ~= p or L.optb.facility(pl) then return false end
  if G.is_station(pl) or G.is_home_system(game.planet_system(pl)) then return false end
  return game.counter("game", "se_" .. kind) < ((L.optb.FACILITIES or {})[kind] or 8)
end

local function refresh_line(p, pl, r)
  if r.trade_goods then return { key = "sa.uses_refresh_tg", p = pn(p), planet = L.name("planets", pl), n = r.trade_goods } end
  local parts = {}
  for _, t in ipairs(game.keys(r.units or {})) do parts[#parts + 1] = r.units[t] .. " " .. t end
  return { key = "sa.uses_refresh_units", p = pn(p), planet = L.name("planets", pl), units = parts }
end

function G.use_refresh(p, pl)
  local r = (game.data.planets[pl] or {}).refresh
  game.log(refresh_line(p, pl, r))
  if r.trade_goods then L.gain_tg(p, r.trade_goods, L.name("planets", pl)) end
  local s = game.planet_system(pl)
  for _, t in ipairs(game.keys(r.units or {})) do
    if L.has_unit(p, t) then
      local d = L.def(p, t)
      local n = r.units[t]
      if d.limit and d.type ~= "fighter" and d.type ~= "ground_force" then
        n = math.max(0, math.min(n, d.limit - game.count_units { owner = p, kind = t }))
      end
      for _ = 1, n do
        if d.class == "ship" then game.spawn(t, p, { system = s }) else game.spawn(t, p, { planet = pl }) end
      end
    end
  end
  if r.units then L.enforce_limits(p, s) end
end

-- p's choices before the refresh; planets used are added to `kept`.
function G.refresh_choices(p, kept)
  for _ = 1, 50 do
    local opts = { "done" }
    local planets = game.planets_owned(p)
    table.sort(planets)
    for _, pl in ipairs(planets) do
      if not kept[pl] then
        local r = (game.data.planets[pl] or {}).refresh
        if r then opts[#opts + 1] = pl .. ":refresh" end
        for _, k in ipairs(FACILITIES) do
          if G.facility_ok(p, pl, k) then opts[#opts + 1] = pl .. ":" .. k end
        end
      end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "sa.instead_of_refresh" }, opts)
    if pick == "done" then return end
    local pl, what = pick:match("^([%w_]+):(%a+)$")
    kept[pl] = true
    if what == "refresh" then
      G.use_refresh(p, pl)
    else
      L.optb.build_facility(p, pl, what)
    end
  end
end

-- Loaded now, so the other sa-en parts' steps run around it (e.g. the
-- racial technology purchase before the planets are refreshed).
local base_ready = game.procedure_fn("ready_cards")
procedure("ready_cards", function(ctx)
  local kept = {}
  for _, p in ipairs(L.sa_rotation_order()) do G.refresh_choices(p, kept) end
  local r = base_ready(ctx)
  for _, pl in ipairs(game.keys(kept)) do game.exhaust(pl, true) end
  G.refresh_docks()
  return r
end)

---------------------------------------------------------------------------
-- 16. Trade stations.
function G.is_station(pl) return (game.data.planets[pl] or {}).trade_station and true or false end
local function is_station(pl) return G.is_station(pl) end

function G.trade_stations()
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      if is_station(pl) then
        local owner = game.planet_owner(pl)
        if not (owner and #L.ships(owner, s) > 0) then
          local who = {}
          for q = 1, game.num_players() do if #L.ships(q, s) > 0 then who[#who + 1] = q end end
          if #who == 1 then L.take_control(who[1], pl, true) end
        end
      end
    end
  end
end

-- 12. A player's own home system planets are always dock sites: the ti3
-- production step allows a new dock where the planet's owner at the start
-- of the round (planet prop round_start_owner) is the player.
function G.planet_gained(ctx)
  local p, pl = ctx.player, ctx.planet
  if p and L.home(p) == game.planet_system(pl) then game.put("planet", pl, "round_start_owner", p) end
end

-- SA builds docks whatever ships are in the system (its blockade rule only
-- bars producing ships there); TI3 does not (ti3 tactical3.lua).
function L.new_dock_allowed_in(p, s) return true end

---------------------------------------------------------------------------
-- 7. Bombardment of a planet without ground units.
function G.bombard_neutral(p, q, pl)
  local name = L.name("planets", pl)
  if game.choose(p, { key = "sa.turn_neutral", planet = name }, { "yes", "no" }) ~= "yes" then
    game.log({ key = "sa.leaves_planet", p = pn(p), planet = name, q = pn(q) })
    return
  end
  for _, u in ipairs(game.units { planet = pl }) do
    if u.owner ~= p then
      game.remove_unit(u.id)
      game.log({ key = "sa.unit_destroyed", p = pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
    end
  end
  game.set_owner(pl, nil)
  game.log({ key = "sa.turns_neutral", planet = name })
end

---------------------------------------------------------------------------
-- 17. Space mines on borders. Game prop sa_mines: list of {a, b, owner}
-- (a < b); a border token "space_mine:<owner>" marks each (it blocks nothing).
G.MINES = 12

function L.sa_mines() return game.get("game", nil, "sa_mines") or {} end

local function border_name(a, b) return (game.system(a).hex or a) .. "|" .. (game.system(b).hex or b) end

function L.sa_place_mine(owner, a, b)
  if a > b then a, b = b, a end
  local list = L.sa_mines()
  if #list >= G.MINES then game.log({ key = "sa.no_mine_left" }); return false end
  for _, m in ipairs(list) do
    if m.a == a and m.b == b and m.owner == owner then return false end
  end
  list[#list + 1] = { a = a, b = b, owner = owner }
  table.sort(list, function(x, y)
    if x.a ~= y.a then return x.a < y.a end
    if x.b ~= y.b then return x.b < y.b end
    return x.owner < y.owner
  end)
  game.put("game", nil, "sa_mines", list)
  game.border_token(a, b, "space_mine:" .. owner, { "space_mine" })
  game.log({ key = "sa.lays_mine", p = pn(owner), border = border_name(a, b) })
  return true
end

function L.sa_remove_mine(owner, a, b)
  if a > b then a, b = b, a end
  local list, out, found = L.sa_mines(), {}, false
  for _, m in ipairs(list) do
    if not found and m.a == a and m.b == b and m.owner == owner then found = true else out[#out + 1] = m end
  end
  if not found then return false end
  game.put("game", nil, "sa_mines", out)
  game.remove_border_token(a, b, "space_mine:" .. owner)
  game.log({ key = "sa.mine_removed", p = pn(owner), border = border_name(a, b) })
  return true
end

-- Borders of s (adjoining systems) where p may lay a mine.
function G.mine_borders(p, s)
  local out = {}
  for _, t in ipairs(L.adjoining(s)) do
    local a, b = math.min(s, t), math.max(s, t)
    local taken = false
    for _, m in ipairs(L.sa_mines()) do
      if m.a == a and m.b == b and m.owner == p then taken = true end
    end
    if not taken then out[#out + 1] = t end
  end
  return out
end

function G.deploy_mines(p, s)
  local cruiser = false
  for _, u in ipairs(L.ships(p, s)) do if utype(p, u.kind) == "cruiser" then cruiser = true end end
  if not cruiser or #L.sa_mines() >= G.MINES or L.spendable(p, "resources") < 2 then return end
  local borders = G.mine_borders(p, s)
  if #borders == 0 then return end
  if game.choose(p, { key = "sa.deploy_mines", system = L.sysname(s) }, { "no", "yes" }) ~= "yes" then return end
  L.pay(p, 2, "resources")
  for i = 1, 2 do
    if #L.sa_mines() >= G.MINES then break end
    local opts = {}
    if i == 2 then opts[1] = "none" end
    for _, t in ipairs(G.mine_borders(p, s)) do opts[#opts + 1] = game.system(t).hex end
    if #opts == 0 or (i == 2 and #opts == 1) then break end
    local pick = game.choose(p, { key = "sa.mine_border_with" }, opts)
    if pick == "none" then break end
    L.sa_place_mine(p, s, game.system_at(pick))
  end
end

local function set_of(list)
  local t = {}
  for _, x in ipairs(list or {}) do t[x] = true end
  return t
end

-- Which of p's `ships` ({unit, from, move}) moving into target cross which
-- of `mines` on the way: returns crossing (mine index -> list of entries of
-- `ships`) and the indexes crossed, in order. A ship able to go round every
-- mine crosses none; one that is not crosses the fewest mines it can (the
-- mover picks among equal choices, offered as the labels label(m) joined by
-- " + "): every mined border on its way goes off, two in a row included.
-- (The kernel finds the path: a set of mines is enough when the ship reaches
-- the target with the other mined borders closed; the smallest such sets
-- are the mines the ship must cross.)
-- hook: whether p's ship x ({unit, from, move}) can reach target from
-- x.from within x.move under the borders as they are now (the mines' probe
-- tokens closing some). Default: the plain route.
function G.reaches(p, x, target, rules)
  local c = game.move_cost(x.from, target, rules)
  return c ~= nil and c <= x.move
end

function G.mine_crossings(p, target, ships, rules, mines, label)
  local function reaches(x, open)
    for i, m in ipairs(mines) do
      if not open[i] then game.border_token(m.a, m.b, "sa_mine_probe:" .. i, { "move" }) end
    end
    local ok = G.reaches(p, x, target, rules)
    for i, m in ipairs(mines) do
      if not open[i] then game.remove_border_token(m.a, m.b, "sa_mine_probe:" .. i) end
    end
    return ok
  end
  -- The sets of k mine indexes, in increasing order.
  local function sets_of(k)
    local out, cur = {}, {}
    local function rec(from)
      if #cur == k then
        local c = {}
        for i, v in ipairs(cur) do c[i] = v end
        out[#out + 1] = c
        return
      end
      for i = from, #mines do
        cur[#cur + 1] = i
        rec(i + 1)
        cur[#cur] = nil
      end
    end
    rec(1)
    return out
  end
  local crossing, order = {}, {}
  for _, x in ipairs(ships) do
    local feasible = {}
    if not reaches(x, {}) then
      -- (Each mined border crossed costs a move: never more than move + 1.)
      for k = 1, math.min(#mines, (x.move or 1) + 1) do
        for _, set in ipairs(sets_of(k)) do
          local open = {}
          for _, i in ipairs(set) do open[i] = true end
          if reaches(x, open) then feasible[#feasible + 1] = set end
        end
        if #feasible > 0 then break end
      end
    end
    local pick = feasible[1]
    if #feasible > 1 then
      local opts = {}
      for _, set in ipairs(feasible) do
        local names = {}
        for _, i in ipairs(set) do names[#names + 1] = label(mines[i]) end
        opts[#opts + 1] = table.concat(names, " + ")
      end
      local ans = game.choose(p, { key = "sa.crosses_mine_on", unit = x.unit.kind .. "#" .. x.unit.id, id = x.unit.id }, opts)
      for k, o in ipairs(opts) do if o == ans then pick = feasible[k] end end
    end
    for _, i in ipairs(pick or {}) do
      if not crossing[i] then crossing[i] = {}; order[#order + 1] = i end
      table.insert(crossing[i], x)
    end
  end
  table.sort(order)
  return crossing, order
end

G.border_name = border_name

-- `moved`: {unit, from, move} of p's ships that just moved into target.
function G.cross_mines(p, target, moved, rules)
  local mines = {}
  for _, m in ipairs(L.sa_mines()) do if m.owner ~= p then mines[#mines + 1] = m end end
  if #mines == 0 then return end
  local ships = {}
  for _, x in ipairs(moved) do
    if utype(p, x.unit.kind) ~= "fighter" and game.unit_exists(x.unit.id) then ships[#ships + 1] = x end
  end
  if #ships == 0 then return end
  local crossing, order = G.mine_crossings(p, target, ships, rules, mines, function(m)
    return border_name(m.a, m.b) .. " (" .. pn(m.owner) .. ")"
  end)
  for _, i in ipairs(order) do
    local m = mines[i]
    local ids = {}
    for _, x in ipairs(crossing[i]) do ids[x.unit.id] = true end
    local victims = {}
    for _, u in ipairs(L.ships(p, target)) do if ids[u.id] then victims[#victims + 1] = u end end
    if #victims > 0 then
      local hits = game.roll({ key = "sa.roll_space_mine", p = pn(p), q = pn(m.owner), border = border_name(m.a, m.b) }, #victims, 8)
      L.assign_hits(p, victims, hits, "space mine", { source = m.owner })
      if hits > 0 then L.sa_remove_mine(m.owner, m.a, m.b) end
    end
  end
end

---------------------------------------------------------------------------
-- 1. Cargo.
-- aboard: nil, the cargo on planets or in space; true, also the cargo
-- aboard p's ships there, and the leaders he holds there (on planets or
-- aboard); "only", just the cargo aboard, leaders left out (where the
-- moving ships start, boarding takes them: ti3's A.embark).
local function cargo_candidates(p, s, ground_only, aboard)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    local d = L.def(p, u.kind)
    local leader = d.class == "leader" and aboard == true and not ground_only
    if (d.transported or leader) and (not ground_only or (d.class == "ground" and u.planet)) then
      if u.carried == nil then
        if aboard ~= "only" then out[#out + 1] = u end
      elseif aboard then
        out[#out + 1] = u
      end
    end
  end
  return out
end

-- hook: whether p's ship x ({unit, from, move}), which moved into target,
-- could pass through system s on its way (cargo is picked up there). Default:
-- a route from x.from through s to target within x.move.
function G.route_passes(p, x, s, target, rules)
  local c1 = game.move_cost(x.from, s, rules)
  local c2 = c1 and game.move_cost(s, target, rules)
  return c1 ~= nil and c2 ~= nil and c1 + c2 <= x.move
end

function G.pick_up_cargo(p, target, moved, rules)
  local cap, used = L.capacity(p, target)
  local room = cap - used > 0
  local sets = { stop = set_of(rules.stop), blocked = set_of(rules.blocked) }
  local origins = {}
  for _, x in ipairs(moved) do origins[x.from] = true end
  -- Systems the moving ships with capacity can pass through. The cargo
  -- source does not matter (000 l.93: planet, ship or space): cargo aboard
  -- his ships that stay there is picked up too, also where moving ships
  -- started (the shared movement step loaded the rest there).
  local via = {}
  local any_cargo = {}
  local function aboard(s) return origins[s] and "only" or true end
  for s = 1, game.num_systems() do
    if s ~= target and not game.has_token(s, "command", p)
      and not sets.stop[s] and not sets.blocked[s] and #cargo_candidates(p, s, false, aboard(s)) > 0 then
      any_cargo[#any_cargo + 1] = s
    end
  end
  -- (Leaders take no capacity and ride any ship but fighters, l.182: the
  -- first such moving ship that passes the system takes them aboard.)
  local lvia = {}
  for _, s in ipairs(any_cargo) do
    for _, x in ipairs(moved) do
      if game.unit_exists(x.unit.id) and (not via[s] or not lvia[s]) then
        local d = L.def(p, x.unit.kind)
        local carries = room and (d.capacity or 0) > 0
        local rides = not origins[s] and d.type ~= "fighter"
        if ((carries and not via[s]) or (rides and not lvia[s]))
          and (x.from == s or G.route_passes(p, x, s, target, rules)) then
          if carries then via[s] = true end
          if rides and not lvia[s] then lvia[s] = x.unit.id end
        end
      end
    end
  end
  local picked = 0
  local pass = {}
  for s in pairs(via) do pass[s] = true end
  for s in pairs(lvia) do pass[s] = true end
  for _, s in ipairs(game.keys(pass)) do
    local full = false
    for _, u in ipairs(cargo_candidates(p, s, false, aboard(s))) do
      local leader = L.def(p, u.kind).class == "leader"
      if not leader and not full then
        local c, n = L.capacity(p, target)
        full = not via[s] or c - n <= 0
      end
      if (leader and lvia[s]) or (not leader and not full) then
        if game.choose(p, u.planet and { key = "sa.pick_up_from_on_way", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet), system = L.sysname(s) }
          or { key = "sa.pick_up_on_way", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(s) }, { "yes", "no" }) == "yes" then
          game.move_unit(u.id, leader and { carried = lvia[s] } or { system = target })
          game.log({ key = "sa.picks_up_in", p = pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(s) })
          picked = picked + 1
        end
      end
    end
  end
  -- The activated system: ground units lifted off p's planets there, when
  -- there is another planet to land on.
  local other = false
  for _, pl in ipairs(game.planets_of(target)) do if game.planet_owner(pl) ~= p then other = true end end
  if other then
    for _, u in ipairs(cargo_candidates(p, target, true)) do
      local c, n = L.capacity(p, target)
      if c - n <= 0 then break end
      if game.choose(p, { key = "sa.pick_up_from", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet) }, { "no", "yes" }) == "yes" then
        game.move_unit(u.id, { system = target })
        game.log({ key = "sa.picks_up_from", p = pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet) })
      end
    end
  end
end

---------------------------------------------------------------------------
-- Installation: set when setup starts (L.sa_general_install).
local installed = false

-- (ti3's helpers, options_a.lua: wrap a procedure; run and undo.)
local wrap, guarded = L.wrap_procedure, L.guarded

-- 2. Both barrages are rolled before casualties are removed.
local base_simultaneous = L.barrage_simultaneous
function L.barrage_simultaneous(ctx)
  if installed then return true end
  return base_simultaneous(ctx)
end

-- 2 (the other pre-combat effects). Once the barrages' casualties are
-- removed, every other pre-combat effect of both sides (Assault Cannons,
-- Mentak's Ambush, the flagships' pre-combat shots) fires in window
-- sa_pre_combat, which the anti-fighter barrage step opens at its end (the
-- first round of a space battle); a handler adds the hits it scores through
-- L.sa_pre_combat_hit and assigns none. Then the defender and the attacker
-- remove their casualties: no unit hit by a pre-combat effect is kept from
-- firing its own.

--- Adds n hits scored by a pre-combat effect against player q to the ctx of window sa_pre_combat (they are assigned once every effect of both sides has fired).
function L.sa_pre_combat_hit(ctx, q, n)
  if not n or n <= 0 then return end
  if q == ctx.attacker then ctx.on_attacker = (ctx.on_attacker or 0) + n
  elseif q == ctx.defender then ctx.on_defender = (ctx.on_defender or 0) + n end
end

--- The pre-combat effects of a space battle (ctx: the space combat's: player, system, defender): window sa_pre_combat, then the hits it gathered, each side's assigned by that side.
function L.sa_pre_combat(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or (a and s and L.enemies_in(a, s)[1])
  if not (a and s and d) or #L.ships(a, s) == 0 or #L.ships(d, s) == 0 then return end
  local w = game.window("sa_pre_combat", { player = a, active = ctx.active or a, attacker = a, defender = d, system = s, on_attacker = 0, on_defender = 0 })
  local on_d, on_a = w.on_defender or 0, w.on_attacker or 0
  if on_d > 0 and #L.ships(d, s) > 0 then L.assign_hits(d, L.ships(d, s), on_d, "pre-combat", { source = a }) end
  if on_a > 0 and #L.ships(a, s) > 0 then L.assign_hits(a, L.ships(a, s), on_a, "pre-combat", { source = d }) end
end

local base_barrage_step = game.procedure_fn("anti_fighter_barrage")
procedure("anti_fighter_barrage", function(ctx)
  local r = base_barrage_step(ctx)
  if installed then L.sa_pre_combat(ctx) end
  return r
end)

-- 7 and hostile acts: the bombardment step under way (set by its wrapper
-- below): the planets p chose, in order, and their owners.
local bombarding = nil
local base_bombard_target = L.bombard_target
function L.bombard_target(p, u, pick, ctx)
  local b = bombarding
  if b and p == b.player and pick ~= "none" and game.data.planets[pick] and not b.seen[pick] then
    b.seen[pick] = true
    b.picks[#b.picks + 1] = pick
    b.owners[pick] = game.planet_owner(pick)
  end
  return base_bombard_target(p, u, pick, ctx)
end

-- 7. Another player's planet may be bombarded even with no units on it
-- (a hit then turns it neutral, below).
local base_bombardable = L.bombardable
function L.bombardable(p, pl, ctx)
  if installed then
    local q = game.planet_owner(pl)
    if q and q ~= p then return true end
  end
  return base_bombardable(p, pl, ctx)
end

-- 7. A planet with no ground units that takes a bombardment hit turns neutral.
local base_bombard_assign = L.bombard_assign
function L.bombard_assign(p, q, pl, units, hits, ctx)
  if not bombarding then return base_bombard_assign(p, q, pl, units, hits, ctx) end
  local bare = pl and q and game.planet_owner(pl) == q and #L.ground(q, pl) == 0
  local r = base_bombard_assign(p, q, pl, units, hits, ctx)
  if bare and hits > 0 and game.planet_owner(pl) == q then G.bombard_neutral(bombarding.player, q, pl) end
  return r
end

-- 9. The production step leaves the limits to the wrapper below, which
-- checks them after Mix and Match.
local base_enforces = L.production_enforces_limits
function L.production_enforces_limits(ctx)
  if installed and ctx.player and ctx.system then return false end
  return base_enforces(ctx)
end

-- Set-up: the game holds the general rules' window scripts, and the
-- wrappers below (registered when this file loads) apply from then on.
function L.sa_general_install()
  if installed then return end
  installed = true
  for _, id in ipairs(game.keys(game.data.sa_general or {})) do game.grant("game", "sa_general", id) end
  -- Facilities are never bought in the production step (the SE way of
  -- ti3's options_b, which asks B.facility_planets there). (Still replaced
  -- here: sa-es's es_v001_general.lua keeps ti3's function as it is when
  -- the files load; a hook in ti3's offer would let this go at load time.)
  if L.optb then L.optb.facility_planets = function() return {} end end
end

-- Wraps procedure `name` when this file loads: fn(base, ctx) runs in its
-- place once the game is set up (L.sa_general_install), base before that.
local function wrap_installed(name, fn)
  wrap(name, function(base, ctx)
    if not installed then return base(ctx) end
    return fn(base, ctx)
  end)
end

-- 1, 17, hostile acts: after the shared movement step.
wrap_installed("movement", function(base, ctx)
  local p, target = ctx.player, ctx.system
  if not p or not target then return base(ctx) end
  local rules = L.move_rules(p, target)
  local info = {}
  for _, m in ipairs(L.movers(p, target, rules)) do
    info[m.unit.id] = { from = m.unit.system, move = L.move_value(p, m.unit, m.unit.system) }
  end
  local r = base(ctx)
  local moved = {}
  for _, u in ipairs(L.ships(p, target)) do
    local i = info[u.id]
    if i and i.from ~= target then moved[#moved + 1] = { unit = u, from = i.from, move = i.move } end
  end
  if #moved > 0 then
    G.cross_mines(p, target, moved, rules)
    G.pick_up_cargo(p, target, moved, rules)
    if #L.enemies_in(p, target) == 0 then L.enforce_limits(p, target) end
    for _, q in ipairs(L.enemies_in(p, target)) do L.sa_hostile_act(p, q, "ships moved in beside its ships") end
  end
  return r
end)

-- SA picks cargo up on the way with G.pick_up_cargo above, after the shared
-- movement step; ti3's pick-up while the ships move (tactical3.lua,
-- L.transport_on_the_way) stays out once the general rules are installed.
local base_transport_on_the_way = L.transport_on_the_way
function L.transport_on_the_way(p, target, moved, rules, room, start)
  if installed then return {} end
  return base_transport_on_the_way(p, target, moved, rules, room, start)
end

-- SA: other players' fighters block movement like any other ship (unlike
-- TI3, where only Advanced Fighters do: ti3 races.lua).
function L.fighters_block_movement(q) return true end

-- 6. No opponent home system in round 1.
local function barred(p, s)
  return installed and round_no() == 1 and L.opta.is_home_of_other(p, s)
end
local base_activatable = L.activatable
function L.activatable(p)
  local out = {}
  for _, s in ipairs(base_activatable(p)) do
    if not barred(p, s) then out[#out + 1] = s end
  end
  return out
end
wrap_installed("activation", function(base, ctx)
  if ctx.system and barred(ctx.player, ctx.system) then
    error(pn(ctx.player) .. " cannot activate " .. L.sysname(ctx.system) .. ": another player's home system in round 1")
  end
  return base(ctx)
end)

-- 7 and hostile acts: bombardment (the planets chosen and their owners
-- as they are chosen: L.bombard_target above).
wrap_installed("bombardment", function(base, ctx)
  local p = ctx.player
  local st = { player = p, picks = {}, owners = {}, seen = {} }
  local prev = bombarding
  bombarding = st
  local r = guarded(function() bombarding = prev end, base, ctx)
  for _, pl in ipairs(st.picks) do
    if st.owners[pl] and st.owners[pl] ~= p then L.sa_hostile_act(p, st.owners[pl], "bombarded " .. L.name("planets", pl)) end
  end
  return r
end)

-- 9 and 17: production.
wrap_installed("tactical_action", function(base, ctx)
  ctx.sa_tactical = true
  return base(ctx)
end)
wrap_installed("production", function(base, ctx)
  local p, s = ctx.player, ctx.system
  if not p or not s then return base(ctx) end
  local before = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do before[u.id] = true end
  -- (The step leaves the limits to this wrapper: L.production_enforces_limits above.)
  local r = base(ctx)
  G.mix_and_match(p, s, before)
  L.enforce_limits(p, s)
  -- (The production step of a tactical action: ctx.sa_tactical, or
  -- se_tactical as ti3's options_b and the Simultaneous Action System mark it.)
  if (ctx.sa_tactical or ctx.se_tactical) and ctx.active == p then G.deploy_mines(p, s) end
  return r
end)

-- Exhausted space docks produce nothing.
local base_production = L.production
function L.production(p, s)
  local total = base_production(p, s)
  if not installed then return total end
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.sa_exhausted then
      local prod = L.def(p, u.kind).production
      if type(prod) == "number" then
        total = total - prod
      elseif type(prod) == "table" then
        total = total - ((u.planet and (L.pdef(u.planet).resources or 0) or 0) + (prod.plus_resources or 0))
      end
    end
  end
  return math.max(0, total)
end

-- hook: whether o, the owner of planet pl, keeps it from p who would take control of it (16: a trade station with o's ships in its system); default: that rule.
function G.station_kept(o, p, pl)
  return is_station(pl) and #L.ships(o, game.planet_system(pl)) > 0
end

-- 16. Nobody takes a trade station from a player with ships in its system.
local base_take = L.take_control
function L.take_control(p, pl, exhausted)
  local o = installed and game.planet_owner(pl)
  if o and o ~= p and G.station_kept(o, p, pl) then
    game.log({ key = "sa.keeps_station", p = pn(o), planet = L.name("planets", pl) })
    return
  end
  return base_take(p, pl, exhausted)
end

-- hook: the answers offered to p in Mix and Match (how many of the units just produced are fighters: "low".."total"); default: all of them.
function G.mix_and_match_choices(p, s, before, opts) return opts end

-- 9. Mix and Match: the ground forces and fighters this production made
-- (units not in `before`) may be split between the two types at will.
function G.mix_and_match(p, s, before)
  local gf, fi = {}, {}
  local planet
  for _, u in ipairs(game.units { system = s, owner = p }) do
    local t = utype(p, u.kind)
    if not before[u.id] then
      if t == "ground_force" then gf[#gf + 1] = u elseif t == "fighter" then fi[#fi + 1] = u end
      if t == "ground_force" and u.planet and not planet then planet = u.planet end
    end
    if u.planet and L.def(p, u.kind).production and game.planet_owner(u.planet) == p then planet = planet or u.planet end
  end
  local total = #gf + #fi
  if total < 2 or not L.has_unit(p, "fighter") or not L.has_unit(p, "ground_force") then return end
  local fd = L.def(p, "fighter")
  if fd.requires_tech and not game.holds(p, "techs", fd.requires_tech) then return end
  -- New ground forces need a planet of p's to go to.
  local low = planet and 0 or #fi
  if low >= total then return end
  local opts = {}
  for k = low, total do opts[#opts + 1] = tostring(k) end
  opts = G.mix_and_match_choices(p, s, before, opts)
  local k = tonumber(game.choose(p, { key = "sa.mix_and_match", n = total }, opts))
  if k == #fi then return end
  if k > #fi then
    for i = 1, k - #fi do
      game.remove_unit(gf[i].id)
      game.spawn("fighter", p, { system = s })
    end
  else
    for i = 1, #fi - k do
      game.remove_unit(fi[i].id)
      game.spawn("ground_force", p, { planet = planet })
    end
  end
  local key
  if total - k == 1 then
    key = k == 1 and "sa.mixes_and_matches_gf_fi" or "sa.mixes_and_matches_gf_fis"
  else
    key = k == 1 and "sa.mixes_and_matches_gfs_fi" or "sa.mixes_and_matches_gfs_fis"
  end
  game.log({ key = key, p = pn(p), n = total - k, k = k })
end

-- Shattered Ascension, Spanish rulebook (seed 001, "Soles Distantes"):
-- domain counters and fighter probes where 001 differs from sa-en (seed 000).
--
--   * Natural Wealth (Riqueza Natural): the lander gets 1 trade good when it
--     turns the counter up; the rest stay on the planet (planet prop
--     es_nw). The player holding the planet takes one of them when he
--     activates its system (in the production step of that tactical action;
--     a transfer action is no activation here) and one in every status
--     phase's refresh step (we take it just after "ready_cards"). An
--     opponent who takes the planet by invasion (ground forces land and take
--     control from another player) may take one at once.
--   * Hostage Situation is replaced: a die is rolled and halved (rounded
--     down): that many neutral ground forces fight the landing (as Hostile
--     Locals) and that many trade goods lie on the counter. If the landing
--     fails the counter stays with the same number (planet prop es_hs_n). Once
--     the locals are beaten the counter goes and the trade goods work as
--     Natural Wealth: UNCERTAIN, we read it as if Natural Wealth of that size
--     were found (one to the winner at once, the rest on the planet). A
--     result of 0 or 1 on the die means nobody fights and no wealth.
--   * Hidden Factory (Fábrica Oculta): the lander may build at once ships in
--     the system using up to 2 production capacity, at 1 resource less in
--     all. Units count toward the 2 as in production (a ship 1, a
--     dreadnought 2, two fighters bought together 2; a flagship 2 in sa-es;
--     a war sun 3).
--     Paid from ready planets and trade goods (L.pay).
--   * Colonists (Colonos): always a random opponent's (the die picks one of
--     the others; under Pacts only another player's races, l.210). The landing ground forces go back to space, that opponent
--     puts two ground forces there and takes the planet; the lander may then
--     land at once: his ground forces go back down and fight them.
--   * Fighter probes: before the landing step the active player may make a
--     low orbit probe (sa-en's: one look per fighter; 001 says "as the
--     original rules", UNCERTAIN that this is them) or a high orbit probe:
--     he spreads his fighters over the planets with a face-down counter,
--     then rolls one die per fighter; an unmodified 8+ on a planet's dice
--     probes it (he looks at its counter).
-- Only a lone counter on a planet is handled here; with several counters on
-- one planet (sa-en pre-set maps) sa-en's loop resolves them with the ti3
-- effects (UNCERTAIN, not modelled).
local L = game.lib
local ESC = {}
L.sa_es_c = ESC
local B = L.optb
local T = L.sa_tokens

local function pn(p) return L.pn(p) end
local function pname(pl) return L.name("planets", pl) end

local NATURAL = { ds_natural_wealth_2 = 2, ds_natural_wealth_4 = 4 }

function ESC.wealth(pl) return game.get("planet", pl, "es_nw") or 0 end

-- p finds n trade goods of natural wealth on pl: one now, the rest left there.
function ESC.found_wealth(p, pl, n, why)
  if n <= 0 then return end
  L.gain_tg(p, 1, why)
  if n > 1 then
    game.put("planet", pl, "es_nw", ESC.wealth(pl) + n - 1)
    game.log({ key = "sa_es.wealth_stays", n = n - 1, planet = pname(pl) })
  end
end

-- The holder of pl takes one trade good of natural wealth, if any is left.
function ESC.take_wealth(p, pl)
  local n = ESC.wealth(pl)
  if n <= 0 then return false end
  game.put("planet", pl, "es_nw", n > 1 and (n - 1) or nil)
  game.add(p, "tg", 1)
  game.log({ key = "sa_es.takes_wealth", p = pn(p), planet = pname(pl), n = n - 1 })
  return true
end

-- A short fight of p's landing ground forces on pl against n neutral ground
-- forces (dice by the game; hits on the locals remove them one by one).
local function locals_fight(p, pl, n, label)
  local d = game.data.units.ground_force
  local left, rounds = n, 0
  while left > 0 and #L.ground(p, pl) > 0 do
    rounds = rounds + 1
    local hp = L.combat_roll(p, L.ground(p, pl), {}, label)
    local hn = game.roll({ key = "ti3.neutral_roll", unit = "ground_force", label = label }, left, d.combat)
    left = math.max(0, left - hp)
    L.assign_hits(p, L.ground(p, pl), hn, label)
    if rounds > 100 then error(label .. " did not end") end
  end
  local won = left == 0 and #L.ground(p, pl) > 0
  game.log({ key = won and "ti3.neutral_fight_won" or "ti3.neutral_fight_lost", label = label, p = pn(p) })
  return won
end

local function unit_room(p, kind)
  local d = L.def(p, kind)
  if d.limit and d.type ~= "fighter" and d.type ~= "ground_force" then
    return math.max(0, d.limit - game.count_units { owner = p, kind = kind })
  end
  return 99
end

-- Production capacity one purchase of kind uses: as in a production step
-- (sa-en's L.sa_units.capacity_cost, the unit's production_cost: a
-- dreadnought 2 (001 l.62), a war sun 3, a flagship 2); a purchase of several
-- units (two fighters) one place each.
local function cap_use(p, kind)
  local d = L.def(p, kind)
  local n = d.per_cost or 1
  if n > 1 then return n end
  local U = L.sa_units
  if U and U.capacity_cost then return U.capacity_cost(p, kind) end
  return d.production_cost or 1
end

function ESC.hidden_factory(p, s, why)
  local cap, cost, picks = 2, 0, {}
  while cap > 0 do
    local money = L.spendable(p, "resources") + 1
    local opts = { "done" }
    for _, t in ipairs(L.unit_types()) do
      local d = L.has_unit(p, t) and L.def(p, t)
      if d and d.class == "ship" and d.cost and cap_use(p, t) <= cap
        and cost + d.cost <= money
        and not (d.requires_tech and not game.holds(p, "techs", d.requires_tech))
        and unit_room(p, t) > 0 then
        opts[#opts + 1] = t
      end
    end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "sa_es.hidden_factory_build", label = why, n = cap }, opts)
    if pick == "done" then break end
    cap = cap - cap_use(p, pick)
    cost = cost + L.def(p, pick).cost
    picks[#picks + 1] = pick
  end
  if #picks == 0 then return end
  L.pay(p, math.max(0, cost - 1), "resources")
  for _, t in ipairs(picks) do
    local n = math.min(L.def(p, t).per_cost or 1, unit_room(p, t))
    for _ = 1, n do game.spawn(t, p, { system = s }) end
    game.log({ key = "sa_es.hidden_factory_builds", p = pn(p), n = n, unit = t, system = L.sysname(s), label = why })
  end
  L.enforce_limits(p, s)
end

function ESC.colonists(p, pl, s, why)
  local mine = L.ground(p, pl)
  for _, u in ipairs(mine) do game.move_unit(u.id, { system = s }) end
  game.log({ key = "ti3.ground_forces_return_space", p = pn(p), planet = pname(pl) })
  -- (Under Pacts an opponent is a race of another player, 001 l.210.)
  local ES = L.sa_es or {}
  local others = {}
  for q = 1, game.num_players() do
    if q ~= p and not (ES.is_opponent and not ES.is_opponent(p, q)) then others[#others + 1] = q end
  end
  local _, rolls = game.roll({ key = "ti3.settlers_roll", p = pn(p) }
, 1, 11)
  local face = (rolls and rolls[1]) or game.random(10)
  local q = others[((face - 1) % #others) + 1]
  for _ = 1, 2 do game.spawn("ground_force", q, { planet = pl }) end
  game.log({ key = "ti3.places_two_free_ground_forces", p = pn(q), planet = pname(pl) })
  L.take_control(q, pl, true)
  local back = {}
  for _, u in ipairs(mine) do if game.unit_exists(u.id) then back[#back + 1] = u end end
  if #back > 0 and game.confirm(p, { key = "sa_es.land_again", planet = pname(pl), id = pl }) then
    for _, u in ipairs(back) do game.move_unit(u.id, { planet = pl }) end
    game.log({ key = "sa_es.lands_again", p = pn(p), planet = pname(pl) })
    game.step("ground_combat", { player = p, active = p, system = s, planet = pl, defender = q })
  end
end

if B then
  local base_resolve = B.resolve_planet_counter
  function B.resolve_planet_counter(p, pl)
    local id = game.get("planet", pl, "se_ds")
    local more = game.get("planet", pl, "sa_ds_more")
    local c = id and game.data.se_counters_b[id]
    if not c or (more and #more > 0) then return base_resolve(p, pl) end
    local s = game.planet_system(pl)
    local eff = c.effect
    if eff ~= "trade_goods" and eff ~= "hostage_situation" and eff ~= "hidden_factory" and eff ~= "settlers" then
      return base_resolve(p, pl)
    end
    local revealed = game.get("planet", pl, "se_ds_revealed")
    game.put("planet", pl, "se_ds", nil)
    game.put("planet", pl, "se_ds_revealed", nil)
    game.log({ key = "ti3.reveals_counter_on", p = pn(p), name = L.name("se_counters_b", id), planet = pname(pl) })
    if eff == "trade_goods" then
      ESC.found_wealth(p, pl, c.value or NATURAL[id] or 0, c.name)
    elseif eff == "hidden_factory" then
      ESC.hidden_factory(p, s, c.name)
    elseif eff == "settlers" then
      ESC.colonists(p, pl, s, c.name)
    else
      local n = game.get("planet", pl, "es_hs_n")
      if not (revealed and n) then
        local _, rolls = game.roll({ key = "sa_es.hostage_roll", card = L.name("se_counters_b", id), planet = pname(pl) }, 1, 11)
        n = (rolls and rolls[1] or 0) // 2
        game.log({ key = "sa_es.hostage_locals", card = L.name("se_counters_b", id), planet = pname(pl), n = n })
      end
      game.put("planet", pl, "es_hs_n", nil)
      local won = n == 0 or locals_fight(p, pl, n, c.name)
      if won then
        ESC.found_wealth(p, pl, n, c.name)
      elseif not game.planet_owner(pl) then
        game.put("planet", pl, "se_ds", id)
        game.put("planet", pl, "se_ds_revealed", true)
        game.put("planet", pl, "es_hs_n", n)
        game.log({ key = "ti3.counter_stays", counter = L.name("se_counters_b", id), planet = pname(pl) }
)
      end
    end
    return {}
  end
end

---------------------------------------------------------------------------
-- Natural wealth taken: system activated (production step), refresh step,
-- invasion. A planet taken in this activation gives nothing in its
-- production step (the player did not hold it when he activated the system).
local base_production = game.procedure_fn("production")
procedure("production", function(ctx)
  local r = base_production(ctx)
  local p, s = ctx.player, ctx.system
  if p and s and not ctx.transfer and ctx.active == p then
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == p and not game.get("planet", pl, "es_nw_new") then ESC.take_wealth(p, pl) end
    end
  end
  if s then
    for _, pl in ipairs(game.planets_of(s)) do game.put("planet", pl, "es_nw_new", nil) end
  end
  return r
end)

local base_ready = game.procedure_fn("ready_cards")
procedure("ready_cards", function(ctx)
  local r = base_ready(ctx)
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      local q = game.planet_owner(pl)
      if q and ESC.wealth(pl) > 0 then ESC.take_wealth(q, pl) end
    end
  end
  return r
end)

local base_control = game.procedure_fn("establish_control")
procedure("establish_control", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local prev = pl and game.planet_owner(pl)
  local r = base_control(ctx)
  if pl and prev ~= p and game.planet_owner(pl) == p then
    -- Not held when the system was activated: nothing in this production step.
    game.put("planet", pl, "es_nw_new", true)
  end
  -- (Under Pacts only an opponent takes one, not the other race of the
  -- planet's holder, 001 l.210.)
  local ES = L.sa_es or {}
  local opponent = prev and prev ~= p and not (game.options.pacts and ES.is_opponent and not ES.is_opponent(p, prev))
  if pl and opponent and game.planet_owner(pl) == p and ESC.wealth(pl) > 0 then
    if game.confirm(p, { key = "sa_es.take_wealth", planet = pname(pl), id = pl }) then
      ESC.take_wealth(p, pl)
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- High orbit fighter probes.
if T then
  local low_probe = T.fighter_probes
  function T.fighter_probes(p, s)
    if not game.options.distant_suns then return end
    local fighters = 0
    for _, u in ipairs(L.ships(p, s)) do
      if L.def(p, u.kind).type == "fighter" then fighters = fighters + 1 end
    end
    if fighters == 0 then return end
    local list = {}
    for _, pl in ipairs(game.planets_of(s)) do
      if game.get("planet", pl, "se_ds") and not game.get("planet", pl, "se_ds_revealed")
        and not game.get("player", p, "se_seen:" .. pl) then list[#list + 1] = pl end
    end
    if #list == 0 then return end
    table.sort(list)
    local how = game.choose(p, { key = "sa_es.probe_with_fighters" }, { "none", "low orbit", "high orbit" })
    if how == "none" then return end
    if how == "low orbit" then return low_probe(p, s) end
    local per, order = {}, {}
    for i = 1, fighters do
      local opts = { "done" }
      for _, pl in ipairs(list) do opts[#opts + 1] = pl end
      local pick = game.choose(p, { key = "sa_es.high_orbit_fighter", n = i, m = fighters }, opts)
      if pick == "done" then break end
      if not per[pick] then per[pick] = 0; order[#order + 1] = pick end
      per[pick] = per[pick] + 1
    end
    for _, pl in ipairs(order) do
      local hits = game.roll({ key = "sa_es.high_orbit_roll", planet = pname(pl) }, per[pl], 8)
      if hits > 0 then
        T.look_planet(p, pl, { key = "sa_es.high_orbit_probe" })
      else
        game.log({ key = "sa_es.fails_to_probe", p = pn(p), planet = pname(pl) })
      end
    end
  end
end

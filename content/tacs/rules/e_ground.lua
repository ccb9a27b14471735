-- Ground forces in TACS (seed 002, "Invasion combat and promotions", "PDS",
-- "Bombardment"): invasion combat where each ground force aims at one enemy
-- ground force and earns promotions by its kills (tables.yaml `promotions`,
-- built from the text: UNCERTAIN), the PDS's fire at landing ground forces,
-- and what promotions do elsewhere (capture, immunities).
local L = game.lib

local function label(u) return u.kind .. "#" .. u.id end

local function promos() return L.tacs_table("promotions") end

-- The promotions in the order they are offered (the attack line first).
L.TACS_PROMOTION_ORDER = { "attacker_1", "attacker_2", "attacker_3", "berserker", "occupier_a", "occupier_b",
  "defender_1", "defender_2", "resister", "immunity_a", "immunity_b", "immunity_c" }

-- hook: promotions ground force u has without earning them (Military Academy and L1Z1X an attacking one, Gen Synthesis a defending one, Magen Defense Grid an attacking one on a planet with its owner's PDS); a list of ids.
function L.tacs_free_promotions(u)
  local p = u.owner
  local out = {}
  local atk, def = L.tacs_table("attacking_promotion"), L.tacs_table("defending_promotion")
  local function has(t) return game.data.techs[t] ~= nil and game.holds(p, "techs", t) end
  if has("military_academy") then out[#out + 1] = atk end
  if game.get("player", p, "faction") == "l1z1x" then out[#out + 1] = atk end
  if has("gen_synthesis") then out[#out + 1] = def end
  if has("magen_defense_grid") and u.planet then
    for _, x in ipairs(game.units { planet = u.planet, owner = p, kind = "pds" }) do
      if x then out[#out + 1] = atk; break end
    end
  end
  return out
end

-- The promotions ground force u holds (earned and free), as a set. Each free
-- promotion is one more: when u already holds it (earned, or from another
-- source: L1Z1X and Military Academy, say), u gets the next one of the same
-- kind along its line (Attacker I, II, III; Defender I, II) if there is one.
function L.tacs_promotions(u)
  local set = {}
  for _, id in ipairs(game.get("unit", u.id, "tacs_promotions") or {}) do set[id] = true end
  for _, id in ipairs(L.tacs_free_promotions(u)) do
    local x = id
    while x and set[x] do
      local e, nx = promos()[x] and promos()[x].effect, nil
      for _, y in ipairs(L.TACS_PROMOTION_ORDER) do
        local pr = promos()[y]
        if pr and pr.requires == x and pr.effect == e and not nx then nx = y end
      end
      x = nx
    end
    if x then set[x] = true end
  end
  return set
end

-- Whether ground force u holds any promotion.
function L.tacs_promoted(u) return next(L.tacs_promotions(u)) ~= nil end

-- What ground force u's promotions make of it: hit (the value it needs),
-- dice, enemy_min (what unpromoted enemy ground forces need at least to hit
-- it), absorb (hits it takes to die) and the flags capture_pds,
-- capture_dock, immune_bombard, immune_pds, immune_x89.
function L.tacs_gf_stats(u)
  local d = L.def(u.owner, u.kind)
  local st = { hit = d.combat or 10, dice = d.dice or 1, enemy_min = 0, absorb = 1 }
  local defend = 0
  local set = L.tacs_promotions(u)
  for _, id in ipairs(game.keys(set)) do
    local e = promos()[id] and promos()[id].effect
    if e == "attack" then st.hit = st.hit - 1
    elseif e == "dice" then st.dice = st.dice + 1
    elseif e == "defend" then defend = defend + 1
    elseif e == "absorb" then st.absorb = st.absorb + 1
    elseif e then st[e] = true end
  end
  if defend > 0 then st.enemy_min = (d.combat or 8) + defend end
  return st
end

-- X-89 Bacterial Weapon (ti3's script): ground forces with the Immunity C
-- promotion survive it.
function L.x89_spares(u, p) return L.tacs_gf_stats(u).immune_x89 == true end

-- hook: the lowest die that counts as a double promotion for p's ground forces (10; Military Academy 9).
function L.tacs_double_roll(p)
  if game.data.techs.military_academy and game.holds(p, "techs", "military_academy") then return 9 end
  return 10
end

-- Ground force u has `points` kills to spend: its owner chooses promotions it
-- can reach (prerequisite held, cost within its banked kills) or keeps them
-- toward a dearer one.
function L.tacs_promote(u, points)
  local bank = (game.get("unit", u.id, "tacs_kill_points") or 0) + (points or 0)
  local earned = game.get("unit", u.id, "tacs_promotions") or {}
  while true do
    local set = L.tacs_promotions(u)
    local opts = {}
    for _, id in ipairs(L.TACS_PROMOTION_ORDER) do
      local pr = promos()[id]
      if pr and not set[id] and (pr.requires == nil or set[pr.requires]) and pr.cost <= bank then opts[#opts + 1] = id end
    end
    if #opts == 0 then break end
    opts[#opts + 1] = "keep"
    local pick = game.choose(u.owner, { key = "tacs.promote", unit = label(u), id = u.id, n = bank }, opts)
    if pick == "keep" then break end
    bank = bank - promos()[pick].cost
    earned[#earned + 1] = pick
    game.put("unit", u.id, "tacs_promotions", earned)
    game.log({ key = "tacs.promoted", p = L.pn(u.owner), unit = label(u), promotion = promos()[pick].name })
  end
  game.put("unit", u.id, "tacs_promotions", #earned > 0 and earned or nil)
  game.put("unit", u.id, "tacs_kill_points", bank > 0 and bank or nil)
end

-- Ground force u gets `n` promotions without paying kills (Advanced
-- Reinforcements): each one its owner chooses among those it can reach.
function L.tacs_grant_promotions(u, n)
  local earned = game.get("unit", u.id, "tacs_promotions") or {}
  for _ = 1, n do
    local set = L.tacs_promotions(u)
    local opts = {}
    for _, id in ipairs(L.TACS_PROMOTION_ORDER) do
      local pr = promos()[id]
      if pr and not set[id] and (pr.requires == nil or set[pr.requires]) then opts[#opts + 1] = id end
    end
    if #opts == 0 then break end
    local pick = game.choose(u.owner, { key = "tacs.promote", unit = label(u), id = u.id, n = 0 }, opts)
    earned[#earned + 1] = pick
    game.put("unit", u.id, "tacs_promotions", earned)
    game.log({ key = "tacs.promoted", p = L.pn(u.owner), unit = label(u), promotion = promos()[pick].name })
  end
end

-- The ground units of p's enemies on planet pl (in game.units order).
function L.tacs_enemy_ground(p, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end

-- Invasion combat, replacing ti-common's: every ground force aims at one
-- enemy ground force (attacker first), all roll, then the hits land on the
-- targets chosen (hits on a target already dead are lost); a unit with
-- Resister takes two hits. Each kill earns its killer a promotion, a kill on
-- a double-promotion roll two; survivors choose them at the end of the round.
procedure("ground_combat", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local round = 0
  -- hits taken before the combat by units that take two (First Strike)
  local wounds = ctx.tacs_wounds or {}
  ctx.tacs_wounds = nil
  while true do
    local mine, theirs = L.ground(p, pl), L.tacs_enemy_ground(p, pl)
    if #mine == 0 or #theirs == 0 then break end
    round = round + 1
    local d = theirs[1].owner
    ctx.defender = d
    local rc = { player = p, active = p, attacker = p, defender = d, planet = pl, round = round, ground = true, mods = { [p] = {}, [d] = {} } }
    game.window("combat_round_start", rc)
    local shots = {}
    for _, side in ipairs({ { p, mine, theirs }, { d, theirs, mine } }) do
      local q, own, foes = side[1], side[2], side[3]
      local opts, by = {}, {}
      for _, e in ipairs(foes) do opts[#opts + 1] = label(e); by[label(e)] = e end
      for _, u in ipairs(own) do
        local e = by[game.choose(q, { key = "tacs.gf_target", unit = label(u), id = u.id }, opts)]
        local st, es = L.tacs_gf_stats(u), L.tacs_gf_stats(e)
        local m = rc.mods[q] or {}
        local need = st.hit - (m.all or 0) - (m[u.kind] or 0)
        if not L.tacs_promoted(u) then need = math.max(need, es.enemy_min) end
        shots[#shots + 1] = { p = q, u = u, e = e, dice = st.dice, need = need }
      end
    end
    local credit = {}
    for _, s in ipairs(shots) do
      local _, rolls = game.roll({ key = "tacs.gf_roll", p = L.pn(s.p), unit = label(s.u), target = label(s.e) }, s.dice, s.need)
      -- Each die may be rolled again once (Recheck: window tacs_ground_rolled).
      for i, r in ipairs(rolls) do
        local w = game.window("tacs_ground_rolled", { player = s.p, active = p, target = s.e.owner, planet = pl, roll = r, need = s.need })
        if w.reroll then
          local _, again = game.roll({ key = "tacs.gf_roll", p = L.pn(s.p), unit = label(s.u), target = label(s.e) }, 1, s.need)
          rolls[i] = again[1]
        end
      end
      s.rolls = rolls
    end
    local dead, dead_list = {}, {}
    for _, s in ipairs(shots) do
      for _, r in ipairs(s.rolls) do
        if r >= s.need and not dead[s.e.id] then
          wounds[s.e.id] = (wounds[s.e.id] or 0) + 1
          if wounds[s.e.id] >= L.tacs_gf_stats(s.e).absorb then
            dead[s.e.id] = true
            dead_list[#dead_list + 1] = s
            local pts = (r >= L.tacs_double_roll(s.p)) and 2 or 1
            credit[s.u.id] = credit[s.u.id] or { u = s.u, n = 0 }
            credit[s.u.id].n = credit[s.u.id].n + pts
          end
        end
      end
    end
    for _, s in ipairs(dead_list) do
      L.destroy_unit(s.e, { source = s.p, label = "ground combat", active = p, system = game.planet_system(pl) })
    end
    game.window("combat_round_end", rc)
    for _, id in ipairs(game.keys(credit)) do
      local c = credit[id]
      if game.unit_exists(c.u.id) then
        game.put("unit", c.u.id, "tacs_kills", (game.get("unit", c.u.id, "tacs_kills") or 0) + 1)
        L.tacs_promote(c.u, c.n)
      end
    end
    if round > 100 then error("ground combat did not end") end
  end
end)

-- The PDS against a planetary landing (seed 002 "Planetary landings"): each
-- enemy PDS on the planet either fires twice (pds_vs_landing) at the landing
-- ground forces, its owner choosing the ones its hits destroy ("selection
-- ... made by the enemy"; ground forces with Immunity B are not fired at), or once at a carrier in
-- the zone nearest the planet, as in the battle (tables 10-11). Landings
-- happen during the battle's rounds (rules/d_battle.lua, from the inner zone)
-- or, without a battle, in the invasion step.
procedure("space_cannon_defense", function(ctx)
  local p, pl = ctx.player, ctx.planet
  -- the ships this landing came down from (noted by L.land_committed below)
  local landed_from = {}
  for _, id in ipairs(game.get("planet", pl, "tacs_landed_from") or {}) do landed_from[id] = true end
  game.put("planet", pl, "tacs_landed_from", nil)
  local pds = {}
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).invasion_defense then pds[#pds + 1] = u end
  end
  if #pds == 0 then return end
  local targets = {}
  for _, u in ipairs(L.ground(p, pl)) do
    if not L.tacs_gf_stats(u).immune_pds then targets[#targets + 1] = u end
  end
  local s = game.planet_system(pl)
  -- The carriers: p's ships with capacity in the zone nearest the planet (a
  -- ship that came in without a battle is taken to be there), and the ships
  -- the landing ground forces came down from (L.land_committed notes them)
  -- in whatever zone they stand: the landing carrier counts as the ship
  -- closest to the planet.
  local q = pds[1].owner
  local zones = L.tacs_zones(s, q)
  local carriers = {}
  for _, u in ipairs(L.ships(p, s)) do
    local z = L.tacs_zone(u)
    if (L.def(p, u.kind).capacity or 0) > 0 and (z == nil or z == zones[1] or landed_from[u.id]) then carriers[#carriers + 1] = u end
  end
  local hits = 0
  for _, u in ipairs(pds) do
    local pick = "ground"
    if #carriers > 0 and game.unit_exists(u.id) then
      pick = game.choose(u.owner, { key = "tacs.pds_landing_choice", unit = label(u), id = u.id }, #targets > 0 and { "ground", "carrier" } or { "carrier" })
    end
    if pick == "carrier" then
      local opts, by = {}, {}
      for _, c in ipairs(carriers) do
        if game.unit_exists(c.id) then opts[#opts + 1] = label(c); by[opts[#opts]] = c end
      end
      if #opts > 0 then
        local c = by[game.choose(u.owner, { key = "tacs.aim", unit = label(u), id = u.id, cannon = "H", n = 1 }, opts)]
        if not L.tacs_zone(c) then L.tacs_set_zone(c, zones[1]) end
        -- (the carrier is nearer the planet than any friendly ship: a miss hits none)
        local B = { a = p, d = u.owner, s = s, zones = zones, hurt = {}, acc = {}, ctx = ctx, bombarding = { [c.id] = true } }
        L.tacs_fire(B, { p = u.owner, q = p, u = u, cannon = "H", target = c })
        L.tacs_destroy_dead(B)
        L.tacs_attrition(B)
      end
    elseif #targets > 0 then
      local need = L.tacs_table("pds_vs_landing")
      local h, rolls = game.roll({ key = "tacs.pds_landing_roll", p = L.pn(u.owner), unit = label(u) }, 2, need)
      rolls = rolls or {}
      -- Graviton Laser System (ti3's pds_reroll): each missed die is rolled once more.
      if h < 2 and L.flag(u.owner, "pds_reroll") > 0 then
        local more, again = game.roll({ key = "tacs.pds_landing_roll_again", p = L.pn(u.owner), unit = label(u), tech = L.name("techs", "graviton_laser_system") }, 2 - h, need)
        h = h + more
        local j = 1
        for i, r in ipairs(rolls) do
          if r < need and again and again[j] then rolls[i] = again[j]; j = j + 1 end
        end
      end
      -- A die that hit may be rolled again (Faulty Targeting Systems: window
      -- tacs_pds_landing_rolled).
      for _, r in ipairs(rolls) do
        if r >= need then
          local w = game.window("tacs_pds_landing_rolled", { player = u.owner, active = p, target = p, planet = pl, roll = r, need = need, pds = true })
          if w.reroll then
            h = h - 1 + game.roll({ key = "tacs.pds_landing_roll_die_again", p = L.pn(u.owner), unit = label(u) }, 1, need)
          end
        end
      end
      hits = hits + h
    end
  end
  -- The PDS's owner picks the landing ground forces its hits destroy (a
  -- ground force with Resister takes two hits).
  local wounds = {}
  for _ = 1, hits do
    local opts, by = {}, {}
    for _, u in ipairs(targets) do
      if game.unit_exists(u.id) then opts[#opts + 1] = label(u); by[opts[#opts]] = u end
    end
    if #opts == 0 then break end
    local u = by[game.choose(q, { key = "tacs.pds_landing_target", p = L.pn(p) }, opts)]
    if not L.tacs_gf_absorbs(u, wounds) then
      L.destroy_unit(u, { source = q, label = "space cannon defense", active = p, system = s })
    end
  end
end)

-- The ground forces committed land (ti-common's L.land_committed): each
-- planet notes the ships they came down from, so that its PDS may fire at
-- those carriers (space_cannon_defense above) wherever they stand.
local base_land_committed = L.land_committed
function L.land_committed(ctx)
  local carrier_of = {}
  for _, u in ipairs(game.units { system = ctx.system, space = true }) do
    if u.carried then carrier_of[u.id] = u.carried end
  end
  for _, l in ipairs(ctx.landings or {}) do
    local ids, seen = {}, {}
    for _, id in ipairs(l.ids) do
      local c = carrier_of[id]
      if c and not seen[c] then seen[c] = true; ids[#ids + 1] = c end
    end
    table.sort(ids)
    game.put("planet", l.planet, "tacs_landed_from", #ids > 0 and ids or nil)
    if #l.ids > 0 then
      game.put("planet", l.planet, "tacs_landed", { player = ctx.player, round = game.get("game", nil, "round") or 0 })
    end
  end
  return base_land_committed(ctx)
end

-- Bombardment of ground forces comes only before friendly ground forces have
-- landed on the planet, one round of it with the landing (seed 002
-- "Bombardment"): once p's ground forces have landed on pl this game round
-- (an earlier wave of the same battle, say), p does not bombard pl again
-- (our reading: the round stands for the activation, a system being
-- activated once a round).
local base_bombardable = L.bombardable
function L.bombardable(p, pl, ctx)
  local m = game.get("planet", pl, "tacs_landed")
  if m and m.player == p and m.round == (game.get("game", nil, "round") or 0) then return false end
  return base_bombardable(p, pl, ctx)
end

-- Resister ("take 2 hits", seed 002): whether ground force u takes this hit
-- without dying, counting the hits it took before in `wounds` (u.id -> hits;
-- kept by the caller for one round of fire). Logs the hit it takes.
function L.tacs_gf_absorbs(u, wounds)
  local n = (wounds[u.id] or 0) + 1
  if n >= L.tacs_gf_stats(u).absorb then return false end
  wounds[u.id] = n
  game.log({ key = "tacs.gf_takes_hit", p = L.pn(u.owner), unit = label(u) })
  return true
end

-- Bombardment of ground forces comes before the landing it goes with (seed
-- 002 "Bombardment"): the ground forces committed stay aboard until the
-- bombardment is over, then land (PDS fire at the landing and invasion
-- combat follow).
function L.bombard_before_landing(ctx) return true end

-- Ground forces with Immunity A are not hit by bombardment; one with
-- Resister takes two of its hits (when one is there, its owner assigns the
-- hits one by one here; otherwise as ti3 does).
local base_bombard_assign = L.bombard_assign
function L.bombard_assign(p, owner, pl, units, hits, ctx)
  local keep = {}
  local tough = false
  for _, u in ipairs(units) do
    local st = L.tacs_gf_stats(u)
    if not st.immune_bombard then
      keep[#keep + 1] = u
      tough = tough or st.absorb > 1
    end
  end
  if not tough then return base_bombard_assign(p, owner, pl, keep, hits, ctx) end
  local wounds, destroyed = {}, 0
  for _ = 1, hits do
    local opts, by = {}, {}
    for _, u in ipairs(keep) do
      if game.unit_exists(u.id) then opts[#opts + 1] = label(u); by[opts[#opts]] = u end
    end
    if #opts == 0 then break end
    local u = by[game.choose(owner, { key = "tacs.bombard_hit_which", p = L.pn(owner) }, opts)]
    if not L.tacs_gf_absorbs(u, wounds) then
      L.destroy_unit(u, { source = p, label = "bombardment", active = p, system = game.planet_system(pl) })
      destroyed = destroyed + 1
    end
  end
  return destroyed
end

-- Occupier A and B: a planet taken by ground forces among which one has
-- Occupier A keeps its PDS for the invader, with Occupier B its space docks.
local base_control = game.procedure_fn("establish_control")
procedure("establish_control", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local prev = game.planet_owner(pl)
  if prev ~= p and #L.ground(p, pl) > 0 then
    local pds, dock = false, false
    for _, u in ipairs(L.ground(p, pl)) do
      local st = L.tacs_gf_stats(u)
      pds = pds or st.capture_pds == true
      dock = dock or st.capture_dock == true
    end
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      local t = L.def(u.owner, u.kind).type or u.kind
      if (t == "pds" and pds) or (t == "space_dock" and dock) then
        game.set_unit_owner(u.id, p)
        game.log({ key = "tacs.captures", p = L.pn(p), unit = label(u) })
      end
    end
  end
  return base_control(ctx)
end)

-- Bombardment (seed 002 "Bombardment"): only ships in the zone nearest the
-- planet bombard, with their heavy and assault cannons (medium ones with
-- Graviton Negator): one die per cannon, hitting on bombard_ground (A 4, H
-- 5, M 7). A PDS on the planet stops it (no ship bombards through a PDS): the
-- war sun loses its TI3 exception (units.yaml). The bombardment of the PDS
-- itself (a damage roll, the cannon's shot of the round) is a shot of the
-- zone battle (rules/d_battle.lua). It comes before the landing it goes
-- with (L.bombard_before_landing below).
local function bombard_cannons(p, u)
  local out = {}
  local graviton = game.data.techs.graviton_negator and game.holds(p, "techs", "graviton_negator")
  for _, c in ipairs(L.tacs_cannons(u)) do
    if L.tacs_table("bombard_ground")[c] and (c ~= "M" or graviton) then out[#out + 1] = c end
  end
  return out
end

function L.bombard_units(p, s, ctx)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    local z = L.tacs_zone(u)
    local zones = L.tacs_zones(s, nil)
    local inner = z == nil or z == zones[1] or z == "D4"
    if inner and #bombard_cannons(p, u) > 0 then out[#out + 1] = u end
  end
  return out
end

-- Whether u is a ship with TACS cannons (it bombards with them).
local function cannon_ship(p, u)
  return L.def(p, u.kind).class == "ship" and L.tacs_def(p, u.kind) ~= nil
end

-- Which ships bombard: every ship with a cannon that may (a cruiser's or
-- carrier's medium cannon with Graviton Negator too), not only those with
-- TI3's bombardment ability; its dice are its cannons (L.bombard_roll).
local base_bombardment_of = L.bombardment_of
function L.bombardment_of(o, u, ctx)
  if not cannon_ship(o, u) then return base_bombardment_of(o, u, ctx) end
  local list = bombard_cannons(o, u)
  if #list == 0 then return nil end
  local need = 10
  for _, c in ipairs(list) do need = math.min(need, L.tacs_table("bombard_ground")[c]) end
  return { dice = #list, hit = need }
end

function L.bombard_roll(p, u, pl, dice, hit, ctx)
  local list = bombard_cannons(p, u)
  local need = 10
  for _, c in ipairs(list) do need = math.min(need, L.tacs_table("bombard_ground")[c]) end
  return #list, need
end

-- Each cannon rolls at its own value (A 4, H 5, M 7): a dreadnought with
-- Assault Cannon rolls its assault die on 4 and its heavy ones on 5. (`need`
-- is the value of its best cannon, from L.bombard_roll; any change made to
-- it there applies to every cannon alike.)
local base_dice_groups = L.bombard_dice_groups
function L.bombard_dice_groups(p, u, pl, dice, need, ctx)
  if not cannon_ship(p, u) then return base_dice_groups(p, u, pl, dice, need, ctx) end
  local count, best = {}, 10
  for _, c in ipairs(bombard_cannons(p, u)) do
    count[c] = (count[c] or 0) + 1
    best = math.min(best, L.tacs_table("bombard_ground")[c])
  end
  local out = {}
  for _, c in ipairs({ "A", "H", "M" }) do
    if count[c] then
      local v = L.tacs_table("bombard_ground")[c] + (need - best)
      out[#out + 1] = { dice = count[c], need = v, target = v }
    end
  end
  return out
end

-- Planetary landings (seed 002): during a space battle (ctx.tacs_battle)
-- ground forces land only from ships in the zone nearest the planet. After
-- the battle the winner may put his ships in any D zone, and ships entering a
-- system without a battle may be placed in any D zone, so the invasion step
-- lands them as ti3 does.
local base_landing = L.landing_units
function L.landing_units(p, s, pl, avail, ctx)
  if not (ctx and ctx.tacs_battle) then return base_landing(p, s, pl, avail, ctx) end
  local out = {}
  local inner = L.tacs_zones(s, game.planet_owner(pl))[1]
  for _, u in ipairs(base_landing(p, s, pl, avail, ctx)) do
    local ok = true
    if u.carried then
      local z = L.tacs_zone({ id = u.carried })
      ok = z == nil or z == inner or z == "D3" or z == "D4"
    end
    if ok then out[#out + 1] = u end
  end
  return out
end

-- Whether p has ground forces aboard ships in the inner zone of s that could
-- land on a planet of another player there.
function L.tacs_may_land(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o ~= p and (o ~= nil or game.count_units { planet = pl, not_owner = p } > 0) then
      local avail = {}
      for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
        if u.carried and L.def(p, u.kind).class == "ground" then avail[#avail + 1] = u end
      end
      if #L.landing_units(p, s, pl, avail, { tacs_battle = true }) > 0 then return true end
    end
  end
  return false
end

-- Hope's End (seed 002): refreshing it gives two double promotions, to one or
-- two of its owner's ground forces. We read "refreshing" as Shattered
-- Empire's refresh ability: in the status phase, when planets are readied,
-- the owner of an exhausted Hope's End may leave it exhausted and use the
-- ability instead (UNCERTAIN: ti3 has no refresh abilities; SE gives two
-- shock troops there). Each double promotion is two kills to spend.
function L.tacs_hopes_end_refresh(p)
  local forces = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    for _, u in ipairs(L.ground(p, pl)) do forces[#forces + 1] = u end
  end
  if #forces == 0 then return false end
  if not game.confirm(p, { key = "tacs.refresh_hopes_end" }) then return false end
  table.sort(forces, function(a, b) return a.id < b.id end)
  game.log({ key = "tacs.refreshes_hopes_end", p = L.pn(p) })
  for _ = 1, 2 do
    local opts, by = {}, {}
    for _, u in ipairs(forces) do
      if game.unit_exists(u.id) then opts[#opts + 1] = label(u); by[opts[#opts]] = u end
    end
    L.tacs_promote(by[game.choose(p, { key = "tacs.double_promotion_to" }, opts)], 2)
  end
  return true
end

local base_ready = game.procedure_fn("ready_cards")
procedure("ready_cards", function(ctx)
  local keep = {}
  if game.data.planets.hopes_end then
    local p = game.planet_owner("hopes_end")
    if p and game.exhausted("hopes_end") and L.tacs_hopes_end_refresh(p) then keep[#keep + 1] = "hopes_end" end
  end
  base_ready(ctx)
  for _, pl in ipairs(keep) do game.exhaust(pl, true) end
end)

-- The zone space battle of TACS (seed 002, "Space battles"), replacing ti3's
-- space_combat procedure whole, and the PDS that fires in it (the space
-- cannon step of the tactical action is gone).
--
-- A battle: the attacker's ships are placed (A zones when the system is
-- defended), the defender's keep their zones; then rounds of
--   1. movement: the attacker moves each ship, then the defender (a ship in
--      an A zone with no enemy ship farther out may retreat instead);
--   2. targeting: every cannon that has a target in range is aimed at one,
--      attacker first (L.tacs_targets);
--   3. fire: by cannon size VL, L, M, H, A, both sides together; a unit
--      destroyed in one size step still fires that step, not the next ones;
--      each shot rolls accuracy, then potency, then its damage die;
--   4. attrition: damaged units lose cannons (table 7), at random (a
--      destroyer loses its very light cannon first);
-- until one side has no ships (a side with only PDS left fights on while
-- enemy ships are outside its nearest zone). The winner then rearranges its
-- ships in the D zones.
local L = game.lib

local function label(u) return u.kind .. "#" .. u.id end
local function other(B, p) return p == B.a and B.d or B.a end

-- The battle being fought (for the simulation policies; nil between battles).
local CUR

-- p's PDS (and any unit with TACS cannons standing on a planet) in s.
function L.tacs_planet_guns(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.planet and L.def(p, u.kind).class == "structure" and L.tacs_def(p, u.kind) then out[#out + 1] = u end
  end
  return out
end

local function alive(u) return game.unit_exists(u.id) and L.tacs_hp(u) > 0 end

-- Zone index of ship u in battle B (PDS stand at 0, the planet).
local function zi(B, u)
  if u.planet then return 0 end
  return L.tacs_index(B.zones, L.tacs_zone(u)) or #B.zones
end

-- Players with ships in each zone: occ[i] = { [p] = true }.
local function occupancy(B)
  local occ = {}
  for _, p in ipairs({ B.a, B.d }) do
    for _, u in ipairs(L.ships(p, B.s)) do
      local i = zi(B, u)
      occ[i] = occ[i] or {}
      occ[i][p] = true
    end
  end
  return occ
end

local function is_fighter(p, u) return (L.def(p, u.kind).type or u.kind) == "fighter" end

---------------------------------------------------------------------------
-- Placement
local function d_zones(zones)
  local out = {}
  for _, z in ipairs(zones) do if L.tacs_is_defence_zone(z) then out[#out + 1] = z end end
  return out
end

local function log_positions(B, p)
  local list = {}
  for _, u in ipairs(L.ships(p, B.s)) do list[#list + 1] = label(u) .. " " .. (L.tacs_zone(u) or "?") end
  if #list > 0 then game.log({ key = "tacs.positions", p = L.pn(p), list = list }) end
end

-- hook: places both fleets at the start of battle B (B.a attacker, B.d defender, B.s system, B.zones, B.ctx the combat's ctx).
function L.tacs_place_fleets(B)
  local a, d, s = B.a, B.d, B.s
  local defended = #L.ships(d, s) > 0 or #L.tacs_planet_guns(d, s) > 0 or #L.tacs_remote_guns(B, d) > 0
  local w = game.window("tacs_placement", { player = a, active = a, attacker = a, defender = d, system = s, risky = {} })
  B.ctx.risky = w.risky
  local dz = d_zones(B.zones)
  for _, u in ipairs(L.ships(d, s)) do
    local z = L.tacs_zone(u)
    if not (z and L.tacs_is_defence_zone(z) and L.tacs_index(B.zones, z)) then
      z = game.choose(d, { key = "tacs.place", unit = label(u), id = u.id, side = "defender" }, dz)
      L.tacs_set_zone(u, z)
    end
  end
  for _, u in ipairs(L.ships(a, s)) do
    local opts = L.tacs_entry_zones(a, u, B.zones, defended, B.ctx)
    L.tacs_set_zone(u, game.choose(a, { key = "tacs.place", unit = label(u), id = u.id, side = "attacker" }, opts))
  end
  log_positions(B, a)
  log_positions(B, d)
end

---------------------------------------------------------------------------
-- Movement and retreats

-- Whether p's ship u may retreat now: it is in an A zone and no enemy ship is
-- farther from the planet, and there is somewhere to go.
function L.tacs_may_retreat(B, p, u)
  local z = L.tacs_zone(u)
  if not L.tacs_is_attack_zone(z) then return false end
  local i = zi(B, u)
  for _, e in ipairs(L.ships(other(B, p), B.s)) do
    if zi(B, e) > i then return false end
  end
  return #L.retreat_options(p, B.s) > 0
end

local function retreat(B, p, u)
  local opts = {}
  for _, t in ipairs(L.retreat_options(p, B.s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
  local pick = game.choose(p, { key = "tacs.retreat_to", unit = label(u), id = u.id }, opts)
  local t = tonumber(pick) or game.system_at(pick)
  -- A system the shared retreat rule allows (one with p's units or planet)
  -- takes a token from reinforcements; one open only through the Tactical
  -- Retreat option (an empty system) takes a counter from p's command pool,
  -- as ti3's tactical retreat does (seed 002: normal activation rules apply,
  -- the Tactical Retreat option included).
  local ordinary = false
  for _, x in ipairs(L.retreat_options_base(p, B.s)) do if x == t then ordinary = true end end
  game.move_unit(u.id, { system = t })
  L.tacs_set_zone(u, nil)
  if not game.has_token(t, "command", p) then
    if not ordinary and game.counter(p, "tactic") > 0 then
      game.add(p, "tactic", -1)
      game.place_token(t, "command", p)
    elseif L.reinforcements(p) > 0 then
      game.place_token(t, "command", p)
    end
  end
  game.log({ key = "tacs.retreats", p = L.pn(p), unit = label(u), system = L.sysname(t) })
  B.retreated[p] = B.retreated[p] or {}
  B.retreated[p][t] = true
end

local function move_side(B, p)
  B.moved = {}
  game.window("tacs_movement", { player = p, active = B.a, attacker = B.a, defender = B.d, system = B.s, round = B.round })
  for _, u in ipairs(L.ships(p, B.s)) do
    if game.unit_exists(u.id) and not B.moved[u.id] then
      local from = zi(B, u)
      local here = B.zones[from]
      local opts = L.tacs_reachable(p, u, B.zones, from, occupancy(B))
      if L.tacs_may_retreat(B, p, u) then opts[#opts + 1] = "retreat" end
      local pick = game.choose(p, { key = "tacs.move", unit = label(u), id = u.id, zone = here }, opts)
      if pick == "retreat" then
        retreat(B, p, u)
      elseif pick ~= here then
        L.tacs_set_zone(u, pick)
        game.log({ key = "tacs.moves", p = L.pn(p), unit = label(u), from = here, to = pick })
      end
    end
  end
end

---------------------------------------------------------------------------
-- Targeting

-- The enemy units p's cannon of size `cannon` on unit u may aim at: enemy
-- ships within the cannon's range (heavy and assault cannons may aim at a
-- screened ship: the shot is lost if the screen still stands when it fires);
-- very light cannons only at fighters. A PDS aims at enemy ships in the
-- nearest zone holding any ship (it never fires through a zone with ships).
function L.tacs_targets(B, p, u, cannon)
  local q = other(B, p)
  local out = {}
  local enemies = L.ships(q, B.s)
  local with_data = {}
  for _, e in ipairs(enemies) do
    if L.tacs_def(q, e.kind) then with_data[#with_data + 1] = e end
  end
  enemies = with_data
  if u.remote then
    for _, e in ipairs(enemies) do
      if L.tacs_is_attack_zone(L.tacs_zone(e)) then out[#out + 1] = e end
    end
    return out
  end
  if u.planet then
    local near
    for _, x in ipairs({ B.a, B.d }) do
      for _, e in ipairs(L.ships(x, B.s)) do
        local i = zi(B, e)
        if not near or i < near then near = i end
      end
    end
    for _, e in ipairs(enemies) do
      if zi(B, e) == near then out[#out + 1] = e end
    end
    return out
  end
  local range = L.tacs_table("range")[cannon] or 0
  local at = zi(B, u)
  for _, e in ipairs(enemies) do
    if L.tacs_def(q, e.kind) and math.abs(zi(B, e) - at) <= range and (cannon ~= "VL" or is_fighter(q, e)) then out[#out + 1] = e end
  end
  -- A heavy or assault cannon in D3 (or in a Deep Defense D4, nearer still)
  -- may bombard an enemy PDS there (a damage roll only), as ships there
  -- bombard ground forces and land.
  if (at == 1 or B.zones[at] == "D3") and L.tacs_table("bombard_ground")[cannon] and cannon ~= "M" then
    for _, e in ipairs(L.tacs_planet_guns(q, B.s)) do out[#out + 1] = e end
  end
  return out
end

-- hook: p's planet guns in other systems that fire into battle B (a PDS with Deep Space Cannon in an adjacent system; UNCERTAIN: it may aim at any enemy ship in the A zones, one shot a round, with the DSC column of tables 10-11).
function L.tacs_remote_guns(B, p)
  local out = {}
  if not (game.data.techs.deep_space_cannon and game.holds(p, "techs", "deep_space_cannon")) then return out end
  for _, t in ipairs(game.adjacent(B.s, "move")) do
    if t ~= B.s then
      for _, u in ipairs(L.tacs_planet_guns(p, t)) do
        u.remote = true
        out[#out + 1] = u
      end
    end
  end
  table.sort(out, function(x, y) return x.id < y.id end)
  return out
end

-- hook: the cannons p's unit u fires this round of battle B, in order (default: the cannons it has; Mentak lists one ship's twice).
function L.tacs_round_cannons(B, p, u) return L.tacs_cannons(u) end

-- The battle being fought, or nil (for abilities that act inside one).
function L.tacs_current_battle() return CUR end

local function aim_side(B, p, shots)
  local units = {}
  for _, u in ipairs(L.ships(p, B.s)) do units[#units + 1] = u end
  for _, u in ipairs(L.tacs_planet_guns(p, B.s)) do units[#units + 1] = u end
  for _, u in ipairs(L.tacs_remote_guns(B, p)) do units[#units + 1] = u end
  for _, u in ipairs(units) do
    for n, c in ipairs(L.tacs_round_cannons(B, p, u)) do
      if c == "H" and B.assault and B.assault[p] and not u.planet then c = "A" end
      local targets = L.tacs_targets(B, p, u, c)
      if #targets > 0 then
        local opts, by = {}, {}
        for _, e in ipairs(targets) do opts[#opts + 1] = label(e); by[label(e)] = e end
        local pick = game.choose(p, { key = "tacs.aim", unit = label(u), id = u.id, cannon = c, n = n }, opts)
        shots[#shots + 1] = { p = p, q = other(B, p), u = u, cannon = c, target = by[pick], from = zi(B, u) }
      end
    end
  end
end

---------------------------------------------------------------------------
-- Fire

-- hook: the bonus to p's accuracy roll for unit u's shot with `cannon` at unit e in battle B (B.acc[p] from cards such as Battle Stations, B.ship_acc[p] for ships only); default: B.acc[p], plus B.ship_acc[p] for a ship.
function L.tacs_accuracy_bonus(B, p, u, cannon, e)
  local n = B.acc[p] or 0
  -- Maneuvering Jets (ti3's enemy_pds_penalty flags on the target's owner):
  -- a PDS firing at his ships takes -1; the -2 of a Deep Space Cannon from an
  -- adjacent system is gone in TACS (techs.yaml sets that flag to 0).
  if u.planet and e and type(e.owner) == "number" then
    n = n - L.flag(e.owner, u.remote and "enemy_pds_penalty_adjacent" or "enemy_pds_penalty")
  end
  -- Bonuses for ships only (Flanking Tactic's -1 hits the enemy's ships, not its PDS).
  if not u.planet and B.ship_acc then n = n + (B.ship_acc[p] or 0) end
  -- Into the Breach: +1 while its dreadnought is among p's ships nearest the planet.
  local dn = B.breach and B.breach[p]
  if dn and not u.planet then
    local ships, at, best = L.ships(p, B.s), nil, nil
    for _, x in ipairs(ships) do
      local i = zi(B, x)
      if x.id == dn then at = i end
      if not best or i < best then best = i end
    end
    if at and at == best then n = n + 1 end
  end
  return n
end

-- hook: the damage `dmg` a shot of `cannon` by p does to unit e; default: what the window tacs_ship_damaged makes of it (Chain Reaction doubles it).
function L.tacs_damage_done(B, p, e, cannon, dmg)
  local w = game.window("tacs_ship_damaged", { player = e.owner, active = B.a, source = p, unit = e.id, kind = e.kind, n = dmg, system = B.s })
  return w.n
end

-- Unit e takes a shot's damage (the cannon's die, table 5).
function L.tacs_deal_damage(B, p, u, e, cannon)
  local as = game.unit_exists(u.id) and game.get("unit", u.id, "tacs_damage_as") or nil
  local lo, hi = L.tacs_damage_range(as or cannon)
  local dmg = lo
  if hi > lo then
    local _, rolls = game.roll({ key = "tacs.roll_damage", p = L.pn(p), unit = label(u), cannon = cannon, lo = lo, hi = hi }, 1, 1, hi - lo + 1)
    dmg = rolls[1] + lo - 1
  end
  dmg = L.tacs_damage_done(B, p, e, cannon, dmg)
  local hp = L.tacs_hp(e) - dmg
  L.tacs_set_hp(e, hp)
  game.log({ key = "tacs.damaged", q = L.pn(e.owner), unit = label(e), n = dmg, hp = math.max(0, hp) })
  B.hurt[e.id] = e
end

-- The potency number for a shot of `cannon` at unit e (PDS: by e's zone).
local function potency_of(B, shooter, cannon, e)
  local t = L.tacs_def(e.owner, e.kind)
  if shooter.planet then return L.tacs_table("pds_potency")[t.armor][shooter.remote and "DSC" or L.tacs_zone(e)] end
  return L.tacs_potency(cannon, t.armor)
end

-- A potency roll (after a hit by `over` points) and, if it damages, the damage.
local function potency_and_damage(B, s, e, over)
  local base = potency_of(B, s.u, s.cannon, e)
  local sides, need = L.tacs_potency_need(base, over)
  local ok = true
  if need > 1 then
    local h = game.roll({ key = "tacs.roll_potency", p = L.pn(s.p), unit = label(s.u), target = label(e), sides = sides }, 1, need, sides)
    ok = h > 0
  end
  if ok then L.tacs_deal_damage(B, s.p, s.u, e, s.cannon) end
end

local function pick_random(list) return list[game.random(#list)] end

-- One shot.
function L.tacs_fire(B, s)
  local e = s.target
  local misdirect = B.misdirect and B.misdirect[s.q]
  if not alive(e) then
    game.log({ key = "tacs.shot_lost_gone", p = L.pn(s.p), unit = label(s.u), cannon = s.cannon, target = label(e) })
    return
  end
  local t = L.tacs_def(e.owner, e.kind)
  local from, to = s.from or zi(B, s.u), zi(B, e)
  local lo, hi = math.min(from, to), math.max(from, to)
  local screens, friends = {}, {}
  for i = lo + 1, hi - 1 do
    for _, x in ipairs(L.ships(s.q, B.s)) do if zi(B, x) == i and alive(x) then screens[#screens + 1] = x end end
    for _, x in ipairs(L.ships(s.p, B.s)) do if zi(B, x) == i and alive(x) then friends[#friends + 1] = x end end
  end
  if #screens > 0 and not s.u.planet then
    game.log({ key = "tacs.shot_lost_screened", p = L.pn(s.p), unit = label(s.u), cannon = s.cannon, target = label(e) })
    return
  end
  -- A ship's heavy or assault cannon bombarding a PDS: the damage roll only.
  if e.planet and not s.u.planet then
    game.log({ key = "tacs.bombards_pds", p = L.pn(s.p), unit = label(s.u), cannon = s.cannon, target = label(e) })
    return L.tacs_deal_damage(B, s.p, s.u, e, s.cannon)
  end
  local acc
  if s.u.planet then
    acc = L.tacs_table("pds_accuracy")[t.size][s.u.remote and "DSC" or L.tacs_zone(e)]
  else
    acc = L.tacs_accuracy(s.cannon, t.size, s.cannon == "VL" or (is_fighter(s.p, s.u) and is_fighter(s.q, e)))
  end
  local need = math.max(1, acc - L.tacs_accuracy_bonus(B, s.p, s.u, s.cannon, e))
  local _, rolls = game.roll({ key = "tacs.roll_accuracy", p = L.pn(s.p), unit = label(s.u), cannon = s.cannon, target = label(e) }, 1, need)
  local r = rolls[1]
  -- Graviton Laser System (ti3's pds_reroll): a PDS's missed die is rolled once more.
  if s.u.planet and r < need and L.flag(s.p, "pds_reroll") > 0 then
    _, rolls = game.roll({ key = "tacs.roll_accuracy_again", p = L.pn(s.p), unit = label(s.u), target = label(e), tech = L.name("techs", "graviton_laser_system") }, 1, need)
    r = rolls[1]
  end
  do
    local w = game.window("tacs_accuracy_rolled", { player = s.p, active = B.a, target = s.q, system = B.s, roll = r, need = need, pds = s.u.planet ~= nil })
    if w.reroll then
      _, rolls = game.roll({ key = "tacs.roll_accuracy", p = L.pn(s.p), unit = label(s.u), cannon = s.cannon, target = label(e) }, 1, need)
      r = rolls[1]
    end
  end
  -- Friendly Fire (the card): a low roll hits another of the shooter's ships.
  if misdirect and r <= misdirect and not s.u.planet then
    local others = {}
    for _, x in ipairs(L.ships(s.p, B.s)) do if x.id ~= s.u.id and alive(x) then others[#others + 1] = x end end
    if #others > 0 then
      local f = pick_random(others)
      game.log({ key = "tacs.friendly_fire", p = L.pn(s.p), unit = label(s.u), target = label(f) })
      return potency_and_damage(B, s, f, 0)
    end
  end
  local ff = false
  for _, c in ipairs(L.tacs_table("friendly_fire_cannons")) do if c == s.cannon then ff = true end end
  if ff and #friends > 0 and r <= L.tacs_table("friendly_fire_roll") and not s.u.planet then
    local f = pick_random(friends)
    game.log({ key = "tacs.friendly_fire", p = L.pn(s.p), unit = label(s.u), target = label(f) })
    return potency_and_damage(B, s, f, 0)
  end
  if r >= need then
    if r >= L.tacs_table("auto_damage") then
      return L.tacs_deal_damage(B, s.p, s.u, e, s.cannon)
    end
    return potency_and_damage(B, s, e, r - need)
  end
  -- A PDS that misses hits one of its owner's ships in the target's zone
  -- (not when the target is bombarding it).
  if s.u.planet and not (B.bombarding and B.bombarding[e.id]) then
    local mine = {}
    for _, x in ipairs(L.ships(s.p, B.s)) do if zi(B, x) == to and alive(x) then mine[#mine + 1] = x end end
    if #mine > 0 then
      local f = pick_random(mine)
      game.log({ key = "tacs.friendly_fire", p = L.pn(s.p), unit = label(s.u), target = label(f) })
      return potency_and_damage(B, s, f, 0)
    end
  end
end

-- Removes the units of battle B left with no hit points (L.destroy_unit).
function L.tacs_destroy_dead(B)
  -- (A card played on a destruction may damage more units: loop until none is left.)
  local done = {}
  for _ = 1, 100 do
    local any = false
    for _, id in ipairs(game.keys(B.hurt)) do
      local e = B.hurt[id]
      if not done[id] and game.unit_exists(e.id) and L.tacs_hp(e) <= 0 then
        done[id] = true
        any = true
        L.destroy_unit(e, { source = other(B, e.owner), label = "space combat", active = B.a, system = B.s })
      end
    end
    if not any then break end
  end
end

-- Table 7 at the end of a round: damaged units lose cannons at random (a
-- destroyer its very light cannons first).
function L.tacs_attrition(B)
  for _, id in ipairs(game.keys(B.hurt)) do
    local u = B.hurt[id]
    if game.unit_exists(u.id) then
      local list = L.tacs_cannons(u)
      local keep = L.tacs_cannons_left(u.owner, u.kind, L.tacs_hp(u))
      local lost = {}
      while #list > keep do
        local k
        if (L.def(u.owner, u.kind).type or u.kind) == "destroyer" then
          for i, c in ipairs(list) do if c == "VL" and not k then k = i end end
        end
        k = k or game.random(#list)
        lost[#lost + 1] = table.remove(list, k)
      end
      if #lost > 0 then
        L.tacs_set_cannons(u, list)
        game.log({ key = "tacs.loses_cannons", p = L.pn(u.owner), unit = label(u), lost = lost, n = #list })
      end
    end
  end
  B.hurt = {}
end

---------------------------------------------------------------------------
-- The battle

local function fighting(p, s)
  local n = 0
  for _, u in ipairs(L.ships(p, s)) do if L.tacs_def(p, u.kind) then n = n + 1 end end
  return n
end

local function side_done(B)
  local sa, sd = fighting(B.a, B.s), fighting(B.d, B.s)
  if sa == 0 then return true end
  if sd > 0 then return false end
  -- Only planet guns defend: the battle goes on while some attacking ship is
  -- still outside the zone nearest the planet.
  if #L.tacs_planet_guns(B.d, B.s) == 0 then return true end
  for _, u in ipairs(L.ships(B.a, B.s)) do
    if zi(B, u) ~= 1 then return false end
  end
  return true
end

-- hook: called when a zone battle is over, before the fleet limits are checked; default: Nano Technology repairs its owner's ships there up to half their hit points.
function L.tacs_after_battle(B)
  for _, p in ipairs({ B.a, B.d }) do
    if game.data.techs.nano_technology and game.holds(p, "techs", "nano_technology") then
      for _, u in ipairs(L.ships(p, B.s)) do L.tacs_repair(u, L.tacs_unit_max_hp(u) // 2) end
    end
  end
end

-- hook: the most rounds a zone battle lasts before it is called off (nobody wins).
function L.tacs_max_rounds() return 30 end

procedure("space_combat", function(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or L.enemies_in(a, s)[1]
  if not d then
    for _, u in ipairs(game.units { system = s, not_owner = a }) do
      if u.planet and #L.tacs_planet_guns(u.owner, s) > 0 then d = u.owner; break end
    end
  end
  if not d or #L.ships(a, s) == 0 then return end
  ctx.defender = d
  local B = { a = a, d = d, s = s, zones = L.tacs_zones(s, d), ctx = ctx, retreated = {}, hurt = {}, acc = {} }
  local prev = CUR
  CUR = B
  game.log({ key = "space_combat_begins", system = L.sysname(s), p = L.pn(a), q = L.pn(d) })
  L.tacs_place_fleets(B)
  local round = 0
  local called_off = false
  while not side_done(B) do
    round = round + 1
    if round > L.tacs_max_rounds() then called_off = true; break end
    B.round = round
    -- The shots aimed this round (Courageous to the End fires them again):
    -- none yet, so a ship lost before the round's fire (a sacrifice, a PDS
    -- shot at a landing carrier) has fired nothing this round.
    B.shots = {}
    B.acc = { [a] = 0, [d] = 0 }
    game.log({ key = "tacs.round", n = round })
    local w = game.window("tacs_round_start", { player = a, active = a, attacker = a, defender = d, system = s, round = round, acc = B.acc, ship_acc = {}, assault = {}, misdirect = {} })
    B.acc, B.ship_acc, B.assault, B.misdirect = w.acc, w.ship_acc, w.assault, w.misdirect
    L.tacs_destroy_dead(B)
    move_side(B, a)
    move_side(B, d)
    if #L.ships(a, s) == 0 or (#L.ships(d, s) == 0 and #L.tacs_planet_guns(d, s) == 0) then break end
    -- Planetary landings during the battle, from ships in the inner zone:
    -- ground forces land, the planet is bombarded, its PDS fires at the
    -- landing (or the carrier), invasion combat is fought (ti3's L.invade).
    if L.tacs_may_land(a, s) then
      B.landing = true
      L.invade({ player = a, active = a, system = s, tacs_battle = true })
      B.landing = nil
      if #L.ships(a, s) == 0 then break end
    end
    local shots = {}
    aim_side(B, a, shots)
    aim_side(B, d, shots)
    B.shots = shots
    -- Ships bombarding a PDS this round count as nearer the planet than any
    -- friendly ship: a PDS's miss at one of them hits no friendly ship.
    B.bombarding = {}
    for _, sh in ipairs(shots) do
      if sh.target.planet and not sh.u.planet then B.bombarding[sh.u.id] = true end
    end
    for _, c in ipairs(L.tacs_table("fire_order")) do
      local step = {}
      for _, sh in ipairs(shots) do
        if sh.cannon == c and alive(sh.u) then step[#step + 1] = sh end
      end
      for _, sh in ipairs(step) do L.tacs_fire(B, sh) end
      L.tacs_destroy_dead(B)
    end
    L.tacs_attrition(B)
    game.window("tacs_round_end", { player = a, active = a, attacker = a, defender = d, system = s, round = round })
  end
  local la, ld = #L.ships(a, s), #L.ships(d, s)
  local winner
  if called_off then
    game.log({ key = "tacs.battle_called_off", n = round - 1 })
  elseif la > 0 and ld == 0 then winner = a
  elseif ld > 0 and la == 0 then winner = d end
  ctx.winner = winner
  -- (a battle called off leaves ships on both sides: no "no ships remain")
  if not called_off then
    game.log(winner and { key = "space_combat_won", p = L.pn(winner) } or { key = "space_combat_no_ships" })
  end
  -- The winner may rearrange its ships in the defensive zones.
  if winner then
    local dz = d_zones(B.zones)
    for _, u in ipairs(L.ships(winner, s)) do
      local cargo = game.count_units { carried = u.id }
      local z = game.choose(winner, { key = "tacs.rearrange", unit = label(u), id = u.id, zone = L.tacs_zone(u), cargo = cargo }, dz)
      L.tacs_set_zone(u, z)
    end
    log_positions(B, winner)
  end
  L.tacs_after_battle(B)
  for _, p in ipairs({ a, d }) do
    L.enforce_limits(p, s)
    for _, t in ipairs(game.keys(B.retreated[p] or {})) do L.enforce_limits(p, t) end
  end
  CUR = prev
end)

-- The space cannon step is gone (PDS fire in the battle). When enemy planet
-- guns and no enemy ships are in the activated system, the arriving fleet
-- fights them as a battle: it comes in through the A zones under their fire.
procedure("space_cannon_offense", function(ctx)
  local p, s = ctx.player, ctx.system
  if not s or #L.ships(p, s) == 0 or #L.enemies_in(p, s) > 0 then return end
  for _, u in ipairs(game.units { system = s, not_owner = p }) do
    if u.planet and #L.tacs_planet_guns(u.owner, s) > 0 then
      game.step("space_combat", { player = p, active = p, system = s, defender = u.owner })
      return
    end
  end
end)

-- No anti-fighter barrage: very light cannons took its place.
procedure("anti_fighter_barrage", function(ctx) end)

---------------------------------------------------------------------------
-- Policies for simulations (`imperium combat`): the default places the
-- attacker as near the planet as it may and the defender in D1, moves each
-- ship toward the nearest enemy ship (toward the planet when only planet
-- guns defend), never retreats, aims each cannon at the target it is most
-- likely to damage (then the one with the fewest hit points, then the lowest
-- number), and rearranges nothing (a ship outside the D zones goes to D1).
local function id_of(opt) return tonumber(opt:match("#(%d+)$")) end

-- The default policy's answers to the zone battle's decisions (and the Mindstorm vote's), or nil for a decision it leaves to ti-common's default policy.
function L.tacs_policy(p, prompt, options)
  local key = game.key_of(prompt)
  local B = CUR
  if key == "tacs.place" then
    return prompt.side == "attacker" and options[1] or options[#options]
  end
  if key == "tacs.rearrange" then
    -- a ship with cargo goes to the inner zone (to land), the others stay
    if (prompt.cargo or 0) > 0 then return options[1] end
    for _, o in ipairs(options) do if o == prompt.zone then return o end end
    return options[#options]
  end
  if key == "tacs.retreat_to" then return options[1] end
  -- The Mindstorm vote: all votes on the first outcome of the first agenda.
  if key == "tacs.mindstorm_outcome" then return options[2] or options[1] end
  if key == "tacs.mindstorm_votes" then return options[#options] end
  if key == "tacs.choose_agenda" then return options[1] == "done" and (options[2] or "done") or options[1] end
  if key == "tacs.move" and B then
    local enemies = {}
    for _, e in ipairs(L.ships(other(B, p), B.s)) do enemies[#enemies + 1] = zi(B, e) end
    local best, bd
    for _, o in ipairs(options) do
      if o ~= "retreat" then
        local i = L.tacs_index(B.zones, o)
        local dist = i
        if #enemies > 0 then
          dist = math.huge
          for _, j in ipairs(enemies) do dist = math.min(dist, math.abs(i - j)) end
        end
        if not bd or dist < bd or (dist == bd and o == prompt.zone) then best, bd = o, dist end
      end
    end
    return best or options[1]
  end
  if key == "tacs.aim" and B then
    local u
    for _, x in ipairs(game.units { owner = p }) do if x.id == prompt.id then u = x end end
    local best, bk
    for _, o in ipairs(options) do
      local id = id_of(o)
      local e
      for _, x in ipairs(game.units { system = B.s, not_owner = p }) do if x.id == id then e = x end end
      if u and e and e.planet then
        local k = { 100, -L.tacs_hp(e), -e.id }
        if not bk or k[1] > bk[1] or (k[1] == bk[1] and (k[2] > bk[2] or (k[2] == bk[2] and k[3] > bk[3]))) then best, bk = o, k end
      elseif u and e then
        local t = L.tacs_def(e.owner, e.kind)
        local acc, pot
        if u.planet then
          local col = (u.system ~= B.s) and "DSC" or L.tacs_zone(e)
          acc = L.tacs_table("pds_accuracy")[t.size][col]
          pot = L.tacs_table("pds_potency")[t.armor][col]
        else
          acc = L.tacs_accuracy(prompt.cannon, t.size, prompt.cannon == "VL" or (is_fighter(p, u) and is_fighter(e.owner, e)))
          pot = L.tacs_potency(prompt.cannon, t.armor)
        end
        local k = { L.tacs_damage_chance(acc, pot), -L.tacs_hp(e), -e.id }
        if not bk or k[1] > bk[1] or (k[1] == bk[1] and (k[2] > bk[2] or (k[2] == bk[2] and k[3] > bk[3]))) then best, bk = o, k end
      end
    end
    return best or options[1]
  end
  return nil
end

local base_default = L.policies.default
L.policies.default = function(p, prompt, options)
  local pick = L.tacs_policy(p, prompt, options)
  if pick ~= nil then return pick end
  return base_default(p, prompt, options)
end

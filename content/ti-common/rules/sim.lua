-- Entries for simulations and scenarios.
local L = game.lib

-- What a plain fight runs: the procedures and helpers below, as ti-common
-- defines them. The kernel keeps the first definition of each
-- (`game.procedure_first`, `game.lib_first`), so `combat_plan` can tell
-- whether another pack replaced any of them.
local KERNEL = { roll = game.roll, choose = game.choose, window = game.window, step = game.step }
local PLAN_PROCS = { "space_cannon_offense", "space_combat", "anti_fighter_barrage" }
local PLAN_LIB = {
  "combat_roll", "retreat_options", "assign_hits", "hit_options", "def", "ships",
  "other_ships", "enemies_in", "anomaly_rule", "fire_cannons", "order_from",
  "enforce_limits", "fleet_limit", "fleet_limit_in", "count_fleet", "capacity", "flag",
  "announce_retreats", "combat_round_starting", "combat_round_ending",
  "combat_dice", "on_hit_assigned", "barrages", "barrage_simultaneous", "space_combat_rolled",
  "assign_combat_hits", "assign_barrage_hits", "barrage_shooters", "combat_side", "combat_side_rolls",
  "anomaly_defender_bonus", "space_combat_ships", "combat_roll_hits",
}

--- The procedures and the helpers a plain fight runs (two lists of names): a pack that replaces some of them and knows its replacements leave a plain fight alone says so with L.plain_wrapper.
function L.plan_names()
  local procs, libs = {}, {}
  for i, n in ipairs(PLAN_PROCS) do procs[i] = n end
  for i, n in ipairs(PLAN_LIB) do libs[i] = n end
  return procs, libs
end

-- Named policies answer the choices the rules leave to players when a
-- simulation must pick. `default`: assign hits to units that can sustain
-- damage first, then to the cheapest unit (then the weakest in combat,
-- then the newest); never retreat; otherwise the first option.
L.policies = L.policies or {}
local function unit_of(opt)
  local what, kind, id = opt:match("^(%a+):([%w_]+)#(%d+)$")
  return what, kind, tonumber(id)
end
L.policies.default = function(p, prompt, options)
  local key = game.key_of(prompt)
  if key == "assign_hit" then
    local best, bk
    for _, o in ipairs(options) do
      local what, kind, id = unit_of(o)
      if what == "sustain" then return o end
      local d = L.def(p, kind)
      local key = { d.cost or 0, -(d.combat or 11), -id }
      if not bk or key[1] < bk[1] or (key[1] == bk[1] and (key[2] < bk[2] or (key[2] == bk[2] and key[3] < bk[3]))) then
        best, bk = o, key
      end
    end
    return best
  end
  if key == "announce_retreat" then return "no" end
  return options[1]
end
-- `random`: every choice at random (math.random draws from the game's own
-- generator, so a seed gives the same fights).
L.policies.random = function(_, _, options) return options[math.random(#options)] end
local ORIG_DEFAULT = L.policies.default

-- `greedy` (`imperium play --agent greedy`, `soak --agent greedy`): a
-- player who takes every chance to score and leaves every other choice to
-- chance (nil: the agent picks at random). A pack names the decisions where
-- taking something beats passing in L.GREEDY_TAKE (key -> true); there the
-- first option that is not a pass is taken. L.GREEDY_PREFER (key -> list
-- of options) names options it takes first where offered (say, the
-- strategy card that scores).
L.GREEDY_TAKE = L.GREEDY_TAKE or {}
L.GREEDY_PREFER = L.GREEDY_PREFER or {}
local PASSES = { none = true, no = true, pass = true, done = true, abstain = true }
L.policies.greedy = function(_, prompt, options)
  local key = game.key_of(prompt)
  for _, want in ipairs(L.GREEDY_PREFER[key] or {}) do
    for _, o in ipairs(options) do
      if o == want then return o end
    end
  end
  if not L.GREEDY_TAKE[key] then return nil end
  for _, o in ipairs(options) do
    if not PASSES[o] then return o end
  end
  return nil
end

-- A bare board of two players and one system, for `imperium combat`.
procedure("combat_setup", function(args)
  local a, d = game.add_player(), game.add_player()
  local s = game.add_system("combat")
  for _, p in ipairs({ a, d }) do
    game.set(p, "fleet", 99)
    for _, g in ipairs((p == a) and args.attacker or args.defender) do
      local t = g.kind
      if not game.data.units[t] then
        local names = game.keys(game.data.units)
        error("unknown unit '" .. tostring(t) .. "'" .. game.did_you_mean(tostring(t), names)
          .. "; the units of this pack: " .. table.concat(names, ", "), 0)
      end
      for _ = 1, g.count do game.spawn(t, p, { system = s }) end
    end
  end
  game.put("game", nil, "active", a)
  local pol = L.policies[args.policy or "default"]
  if args.policy and not pol then error("unknown policy '" .. args.policy .. "'") end
  if pol then game.set_policy("all", pol) end
  return { system = s, attacker = a, defender = d }
end)

-- One fight with the pack's own space combat step.
procedure("combat_sim", function(args)
  local s = args.system or 1
  local a, d = args.attacker or 1, args.defender or 2
  local ctx = { player = a, active = a, system = s, defender = d }
  game.step("space_cannon_offense", ctx)
  if #L.ships(a, s) > 0 and #L.ships(d, s) > 0 then game.step("space_combat", ctx) end
  local count = function(p)
    local n = {}
    for _, u in ipairs(L.ships(p, s)) do n[u.kind] = (n[u.kind] or 0) + 1 end
    return n
  end
  local na, nd = #L.ships(a, s), #L.ships(d, s)
  local winner = (na > 0 and nd == 0) and "attacker" or ((nd > 0 and na == 0) and "defender" or "draw")
  return { winner = winner, attacker = count(a), defender = count(d) }
end)


-- A bare board for testing the shared procedures on their own: players with
-- command tokens and a row of systems, no edition data.
procedure("bare_scenario", function(args)
  local n = args.players or 2
  for _ = 1, n do
    local p = game.add_player()
    game.set(p, "tactic", 3)
    game.set(p, "fleet", 3)
    game.set(p, "strategy", 2)
  end
  for i = 1, (args.systems or 3) do game.add_system("s" .. i, (i - 1) .. ",0") end
  game.put("game", nil, "speaker", args.speaker or 1)
end)

-- Wrappers that leave plain fights alone. A pack that wraps one of the
-- procedures or helpers a plain fight runs, with a wrapper that only acts
-- in some situations, may say so: `L.plain_wrapper(new, old, plain)`, where
-- `plain(board)` (optional) returns true when `new` does exactly what `old`
-- does in the fight on this board. Anything else changed means no plan.
local PLAIN = {}
function L.plain_wrapper(new, old, plain) PLAIN[new] = { old = old, plain = plain } end
local function unchanged(cur, orig, board)
  local seen = 0
  while cur ~= orig do
    local w = PLAIN[cur]
    seen = seen + 1
    if not w or seen > 50 or (w.plain and not w.plain(board)) then return false end
    cur = w.old
  end
  return true
end

-- Windows a plain fight may open: with nobody holding a subscriber of any,
-- every one of them returns at once.
local PLAN_WINDOWS = {
  "assign_hits", "after_sustain", "unit_destroyed", "space_cannon_hits", "space_cannon_volley",
  "combat_round_start", "combat_round_end", "combat_rolled", "retreat_announced",
}
for _, n in ipairs(PLAN_PROCS) do
  PLAN_WINDOWS[#PLAN_WINDOWS + 1] = "before:" .. n
  PLAN_WINDOWS[#PLAN_WINDOWS + 1] = "after:" .. n
end

-- Unit fields a plan carries, or that do nothing in a space combat in a
-- system without planets. A unit with any other field (space cannon, an
-- ability read by some effect, a script) keeps the fight on the procedure.
local PLAN_FIELDS = {}
for _, k in ipairs({
  "id", "name", "text", "type", "class", "cost", "per_cost", "combat", "dice", "move",
  "capacity", "fleet", "transported", "limit", "sustain_damage", "anti_fighter_barrage",
  "bombardment", "planetary_shield", "removes_planetary_shield", "production", "upgrade",
  "faction", "tech", "requires_tech", "expansion", "direct_hit_immune",
}) do PLAN_FIELDS[k] = true end

--- hook: whether a unit definition's field `k` may be on a unit of a plain fight (the plan carries it, or it does nothing in a space combat in a system without planets); default: the fields ti-common's plan knows. A pack whose units have fields of its own that change nothing there says so.
function L.plan_field(k) return PLAN_FIELDS[k] == true end

--- hook: the plan's entry for unit u of player p (def: its L.def), built by ti-common's `combat_plan` (`pu`: id, kind, hit, dice, sustain...); returns it, changed for the pack's own rules (sustaining more than once, dice lost with damage: see docs/scripting.md's plan), or nil when the plan cannot describe the unit; default: pu as it is.
function L.plan_unit(p, u, def, pu) return pu end

local function plain_unit(d)
  if d.class ~= "ship" then return false end
  for k in pairs(d) do
    if not L.plan_field(k) then return false end
  end
  local b = d.anti_fighter_barrage
  if b ~= nil then
    if type(b) ~= "table" or type(b.hit) ~= "number" or type(b.dice) ~= "number" then return false end
    for k in pairs(b) do
      if k ~= "hit" and k ~= "dice" then return false end
    end
  end
  return true
end

-- `combat_plan` (entry `combat_plan`): the fight `combat_sim` would run on
-- the board of `combat_setup`, as data the kernel can run by itself, or
-- `{none = reason}` when the fight is not plain. Plain: the default policy; the procedures
-- and helpers of the fight are still ti-common's (or wrappers that say they
-- leave this fight alone); nobody holds a subscriber of a combat window, and
-- every rule on one (game.on) says it leaves plain fights alone; no
-- anomaly; the two fleets are every unit on the board, all of them ships
-- with nothing but the numbers below. `args` is the board (system,
-- attacker, defender) with `policy`, and `setup`/`procedure`: the names of
-- the setup and fight entries the simulation would otherwise run.
-- Why a fight takes the procedure: `{ none = reason }` (the kernel shows it).
local function no(why) return { none = why } end
local function by(list)
  return "without saying it leaves plain fights alone (defined by " .. table.concat(list or {}, ", ") .. ")"
end
local function by_proc(n) return by(game.procedure_origin(n)) end
local function by_lib(n) return by(game.lib_origin(n)) end

procedure("combat_plan", function(args)
  local s, a, d = args.system or 1, args.attacker or 1, args.defender or 2
  if (args.policy or "default") ~= "default" then return no("policy `" .. tostring(args.policy) .. "` is not the default") end
  if not unchanged(L.policies.default, ORIG_DEFAULT, args) then return no("the default policy is replaced") end
  local setup, sim = args.setup or "combat_setup", args.procedure or "combat_sim"
  if not unchanged(game.procedure_fn(setup), game.procedure_first(setup), args) then return no("procedure `" .. setup .. "` is replaced " .. by_proc(setup)) end
  if not unchanged(game.procedure_fn(sim), game.procedure_first(sim), args) then return no("procedure `" .. sim .. "` is replaced " .. by_proc(sim)) end
  for _, n in ipairs(PLAN_PROCS) do
    if not unchanged(game.procedure_fn(n), game.procedure_first(n), args) then return no("procedure `" .. n .. "` is replaced " .. by_proc(n)) end
  end
  for _, n in ipairs(PLAN_LIB) do
    if not unchanged(L[n], game.lib_first(n), args) then return no("helper `" .. n .. "` is replaced " .. by_lib(n)) end
  end
  for _, n in ipairs(game.keys(KERNEL)) do
    if game[n] ~= KERNEL[n] then return no("game." .. n .. " is replaced") end
  end
  for _, w in ipairs(PLAN_WINDOWS) do
    if game.window_holders(w) then return no("a player holds a card or ability on window `" .. w .. "`") end
    -- A rule on a window of the fight must say it leaves plain fights alone.
    for _, r in ipairs(game.rules_on(w)) do
      if not r.plain or (r.plain ~= true and not r.plain(args)) then return no("a rule of pack `" .. tostring(r.pack) .. "` on window `" .. w .. "` does not say it leaves plain fights alone") end
    end
  end
  if game.num_players() ~= 2 or a == d or L.anomaly_rule(s) then return no("not two players in a system without anomaly") end
  if #game.planets_of(s) > 0 then return no("the system has planets") end
  local all = game.units()
  local sides = {}
  local can_hit = false
  for _, p in ipairs({ a, d }) do
    local ships = L.ships(p, s)
    if #ships ~= game.count_units { owner = p } then return no("units other than ships in the fight") end
    if L.count_fleet(p, s) > L.fleet_limit(p) then return no("a fleet over its fleet limit") end
    local units, barrage = {}, {}
    for i, u in ipairs(ships) do
      local def = L.def(p, u.kind)
      if not plain_unit(def) then return no("unit `" .. u.kind .. "` has abilities the plan does not describe") end
      local tags = { def.type or u.kind }
      if def.transported then tags[#tags + 1] = "transported" end
      local hit, dice = def.combat, def.combat and (def.dice or 1) or 0
      local pu = L.plan_unit(p, u, def, {
        id = u.id, kind = u.kind, hit = hit or 11, dice = dice,
        sustain = (def.sustain_damage and not u.damaged) and 1 or 0,
        -- the default policy sustains on the first unit offered (board order)
        absorb = i,
        capacity = def.capacity or 0, tags = tags,
        -- the default policy's key: cheapest, weakest, newest
        key = { def.cost or 0, -(def.combat or 11), -u.id },
        afb = def.anti_fighter_barrage,
      })
      if not pu then return no("unit `" .. u.kind .. "` has rules the plan does not describe") end
      if pu.hit <= 10 and pu.dice > 0 then can_hit = true end
      units[#units + 1] = pu
    end
    -- Destroyed first: the lowest key, as the default policy picks.
    local byprio = {}
    for i = 1, #units do byprio[i] = units[i] end
    table.sort(byprio, function(x, y)
      local kx, ky = x.key, y.key
      if kx[1] ~= ky[1] then return kx[1] < ky[1] end
      if kx[2] ~= ky[2] then return kx[2] < ky[2] end
      return kx[3] < ky[3]
    end)
    for i, u in ipairs(byprio) do u.priority = i end
    -- Barrage shooters roll in board order (the order of L.ships).
    local shooters = {}
    for _, u in ipairs(units) do
      if u.afb then shooters[#shooters + 1] = u end
    end
    -- Combat dice roll as L.combat_roll rolls them: lowest combat value
    -- first, then by unit type name, so the dice fall the same.
    table.sort(units, function(x, y)
      if x.hit ~= y.hit then return x.hit < y.hit end
      if x.kind ~= y.kind then return x.kind < y.kind end
      return x.id < y.id
    end)
    local index = {}
    for i, u in ipairs(units) do index[u.id] = i end
    for _, u in ipairs(shooters) do
      barrage[#barrage + 1] = { unit = index[u.id], hit = u.afb.hit, dice = u.afb.dice }
    end
    for _, u in ipairs(units) do u.key, u.afb = nil, nil end
    sides[#sides + 1] = { units = units, barrage = barrage }
  end
  if #all ~= #sides[1].units + #sides[2].units then return no("units other than the two fleets on the board") end
  -- A fight nobody can score in never ends: the procedure reports it.
  if not can_hit then return no("no unit can score a hit") end
  return {
    die = 10,
    -- The procedure stops with an error past 100 rounds; the plan calls it a draw.
    rounds = 100,
    barrage = { tag = "fighter" },
    cargo = { tag = "transported" },
    sides = sides,
  }
end)

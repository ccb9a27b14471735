-- Shattered Ascension v4.5 (seed 000, Appendix I "UNITS"): the unit rules
-- that are not plain numbers in units.yaml.
--
--   * war sun: +1 move and +2 bombardment dice with the War Sun technology
--     (units.yaml `sa_tech_bonus`, applied to L.def);
--   * production limits: dreadnoughts and armor count 2, war suns 3 toward a
--     producer's limit, also under the Production card's secondary
--     (`production_cost`; wraps the `production` step);
--   * sustain damage: a war sun may sustain two hits; a unit that sustained
--     damage rolls one die fewer per hit taken, never fewer than one (combat
--     rounds and bombardment);
--   * bombardment: dreadnoughts may bombard without an invasion; planetary
--     shields no longer stop bombardment, each PDS cancels one bombardment hit
--     instead; bombardment hits go to armor first and armor cannot sustain
--     them (wraps `invasion`, `commit_ground_forces`, `bombardment`);
--   * shock troops: produced for 2 (units.yaml); one ground force is promoted
--     after a won invasion combat against defending ground units (in the
--     production step that follows); commandos;
--   * armor is produced and fights like any ground unit (units.yaml).
--
-- Every change wraps the TI3 procedure or helper it changes, so that the
-- other rules files of this pack can wrap the same steps. Leaders' effects on
-- bombardment (generals, scientists, diplomats) are hooks of this file that
-- f_leaders.lua fills in (U.bombard_penalty, U.extra_absorb, U.may_bombard).
local L = game.lib
local U = {}
L.sa_units = U

local copy = L.deep_copy

-- Runs fn(...), then undo(), even when fn fails (ti3's options_a.lua).
local guarded = L.guarded
U.guarded = guarded

---------------------------------------------------------------------------
-- War sun technology bonus.
local base_def = L.def
local cache = {}
local base_reset = L.reset_cache
function L.reset_cache()
  cache = {}
  base_reset()
end

function L.def(p, t)
  local d = base_def(p, t)
  local b = d.sa_tech_bonus
  if not b or type(p) ~= "number" or not game.holds(p, "techs", b.tech) then return d end
  local c = cache[p]
  if not c then c = {}; cache[p] = c end
  local hit = c[t]
  if hit and hit.from == d then return hit.def end
  local m = copy(d)
  if m.move and b.move then m.move = m.move + b.move end
  if m.bombardment and b.bombardment_dice then m.bombardment.dice = (m.bombardment.dice or 1) + b.bombardment_dice end
  c[t] = { from = d, def = m }
  return m
end

---------------------------------------------------------------------------
-- Production limits.
function U.capacity_cost(p, t)
  local d = L.has_unit(p, t) and L.def(p, t)
  return (d and d.production_cost) or 1
end

-- Shock troop promotions waiting for the production step: list of
-- {player, planet}.
local function pending() return game.get("game", nil, "sa_promotions") or {} end

function U.promote_pending(p, s)
  local list, keep, changed = pending(), {}, false
  for _, x in ipairs(list) do
    if x.player == p and (not s or game.planet_system(x.planet) == s) then
      changed = true
      U.promote(x.player, x.planet)
    else
      keep[#keep + 1] = x
    end
  end
  if changed then game.put("game", nil, "sa_promotions", keep) end
end

-- SA shock troops are always in the game (units.yaml), so the cards that
-- place them offer them (ti3's hook; Advanced Reinforcements).
function L.shock_troops_in_game() return true end

-- One ground force on the planet becomes a shock troop (SA: automatic).
function U.promote(p, pl)
  if game.planet_owner(pl) ~= p or not L.has_unit(p, "shock_troop") then return end
  for _, u in ipairs(game.units { planet = pl, owner = p }) do
    if L.def(p, u.kind).type == "ground_force" and not game.get("unit", u.id, "sa_commando") then
      game.remove_unit(u.id)
      game.spawn("shock_troop", p, { planet = pl })
      game.log({ key = "sa.promoted_shock_troop", p = L.pn(p), unit = "ground_force#" .. u.id, id = u.id, planet = L.name("planets", pl) })
      return
    end
  end
end

-- The `production` step counts each unit's production_cost against the
-- producer's limit. The TI3 step counts one per pick; its hooks offer only
-- the units that still fit (st.sa_used: the capacity used so far), and lower
-- the number of fighters or ground forces one pick gives when only one more
-- fits.
local base_production = game.procedure_fn("production")
procedure("production", function(ctx)
  local p, s = ctx.player, ctx.system
  if p and s then U.promote_pending(p, s) end
  return base_production(ctx)
end)

local function counts_capacity(ctx, st)
  return ctx.player and ctx.system and st.cap > 0
end

local base_options = L.production_options
function L.production_options(ctx, opts, st)
  opts = base_options(ctx, opts, st)
  if not counts_capacity(ctx, st) then return opts end
  local p, left = st.player, st.cap - (st.sa_used or 0)
  local keep = {}
  for _, o in ipairs(opts) do
    if o == "done" or o:find("@", 1, true) or not L.has_unit(p, o) or U.capacity_cost(p, o) <= left then keep[#keep + 1] = o end
  end
  return keep
end

local base_count = L.production_count
function L.production_count(ctx, kind, st)
  if not counts_capacity(ctx, st) or not L.has_unit(st.player, kind) then return base_count(ctx, kind, st) end
  local p, used = st.player, st.sa_used or 0
  local left = st.cap - used
  local per = L.def(p, kind).per_cost or 1
  if per > 1 then
    st.sa_used = used + math.min(per, left)
    if per > left then per = math.max(1, left) end
  else
    st.sa_used = used + U.capacity_cost(p, kind)
  end
  return math.min(per, st.cap - st.count)
end

---------------------------------------------------------------------------
-- Sustain damage: several hits, and dice lost.
local function max_sustain(d)
  local v = d.sustain_damage
  if v == true then return 1 end
  if type(v) == "number" then return v end
  return 0
end
U.max_sustain = max_sustain

-- Hits a unit has sustained (0 once repaired).
function U.hits(id)
  if not game.get("unit", id, "damaged") then
    if game.get("unit", id, "sa_hits") then game.put("unit", id, "sa_hits", nil) end
    return 0
  end
  return game.get("unit", id, "sa_hits") or 1
end

-- Dice a unit of player p loses to damage: one per hit, keeping one die.
function U.dice_lost(p, u, dice)
  local h = U.hits(u.id)
  if h <= 0 then return 0 end
  return math.max(0, math.min(h, (dice or 1) - 1))
end

-- Hit options: units that may sustain more than one hit keep the choice while
-- hits are left; in bombardment, armor takes the hits first and may not
-- sustain them.
local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  for _, u in ipairs(units) do
    if game.unit_exists(u.id) then U.hits(u.id) end -- forget damage repaired meanwhile
  end
  local out = base_hit_options(p, units, opts, gone)
  local no_sustain = opts and opts.no_sustain
  local res = {}
  for _, o in ipairs(out) do
    local what, kind, id = o:match("^(%a+):([%w_]+)#(%d+)$")
    id = tonumber(id)
    if what == "destroy" and not no_sustain and game.unit_exists(id) then
      local d = L.def(p, kind)
      local max = max_sustain(d)
      local h = U.hits(id)
      if h > 0 and h < max then res[#res + 1] = "sustain:" .. kind .. "#" .. id end
    end
    res[#res + 1] = o
  end
  if opts and opts.sa_bombardment then
    local first = {}
    for _, o in ipairs(res) do
      local what, kind = o:match("^(%a+):([%w_]+)#")
      if what == "destroy" and L.def(p, kind).bombardment_first then first[#first + 1] = o end
    end
    if #first > 0 then return first end
    local plain = {}
    for _, o in ipairs(res) do
      local what, kind = o:match("^(%a+):([%w_]+)#")
      if not (what == "sustain" and L.def(p, kind).bombardment_first) then plain[#plain + 1] = o end
    end
    return plain
  end
  return res
end

-- Hit assignment: armor first in bombardment (L.hit_options above).
local base_assign = L.assign_hits
function L.assign_hits(p, units, hits, label, opts)
  if label == "bombardment" then
    local o = {}
    for k, v in pairs(opts or {}) do o[k] = v end
    o.sa_bombardment = true
    opts = o
  end
  return base_assign(p, units, hits, label, opts)
end

-- Each hit a unit sustains adds one to its count of hits.
local base_hit_assigned = L.on_hit_assigned
function L.on_hit_assigned(p, id, how, kind, label)
  if how == "sustain" and id and game.unit_exists(id) then game.put("unit", id, "sa_hits", U.hits(id) + 1) end
  return base_hit_assigned(p, id, how, kind, label)
end

-- Combat rounds: a damaged unit rolls fewer dice (the shared roll sums the
-- dice of each unit type).
local base_combat_dice = L.combat_dice
function L.combat_dice(p, kind, units, dice, label, rc)
  local n = base_combat_dice(p, kind, units, dice, label, rc)
  local lose = 0
  for _, u in ipairs(units) do lose = lose + U.dice_lost(p, u, L.def(p, u.kind).dice) end
  if lose > 0 then
    game.log({ key = lose > 1 and "sa.sustain_dice_fewer" or "sa.sustain_die_fewer", p = L.pn(p), unit = kind, n = lose })
    n = math.max(1, n - lose)
  end
  return n
end

-- Repairs also clear the count of hits.
local base_repair = game.procedure_fn("repair_units")
if base_repair then
  procedure("repair_units", function(ctx)
    for _, u in ipairs(game.units()) do
      if game.get("unit", u.id, "sa_hits") then game.put("unit", u.id, "sa_hits", nil) end
    end
    return base_repair(ctx)
  end)
end

---------------------------------------------------------------------------
-- Bombardment.

-- Planetary shields no longer keep bombarding ships away (seed: "do not
-- obstruct bombardment"); they cancel hits instead (below).
function L.shield_up(pl, p) return false end

-- Hooks for leaders (f_leaders.lua): extra hits cancelled on a planet, a
-- penalty to bombardment rolls against it, and whether p may bombard it.
function U.extra_absorb(owner, pl) return 0 end
function U.bombard_penalty(owner, pl) return 0 end
function U.may_bombard(p, pl) return true end

-- Hits cancelled on the planet: its owner's units with absorbs_bombardment
-- (PDS), plus what leaders add.
function U.absorbed(owner, pl)
  if not owner then return 0 end
  local n, pds = 0, 0
  for _, u in ipairs(game.units { planet = pl, owner = owner }) do
    local a = L.def(owner, u.kind).absorbs_bombardment
    if a then n = n + a; pds = pds + 1 end
  end
  return n + U.extra_absorb(owner, pl, pds)
end

-- The TI3 bombardment step, through its hooks:
--   ctx.sa_only    unit types that may bombard in this pass (nil: all);
--   ctx.sa_done    ids of units that bombarded already in this action;
-- each unit's dice are lowered for damage, roll penalties applied and hits
-- cancelled.
local base_bombard_units = L.bombard_units
function L.bombard_units(p, s, ctx)
  local list = base_bombard_units(p, s, ctx)
  local only, done = ctx.sa_only, ctx.sa_done or {}
  local out = {}
  for _, u in ipairs(list) do
    local t = L.def(p, u.kind).type
    if not done[u.id] and (not only or only[t]) then out[#out + 1] = u end
  end
  return out
end

local base_bombard_target = L.bombard_target
function L.bombard_target(p, u, pick, ctx)
  pick = base_bombard_target(p, u, pick, ctx)
  if pick ~= "none" and not U.may_bombard(p, pick) then pick = "none" end
  if pick ~= "none" then
    ctx.sa_done = ctx.sa_done or {}
    ctx.sa_done[u.id] = true
  end
  return pick
end

local function planet_owner(p, pl)
  return game.planet_owner(pl) or (game.units { planet = pl, not_owner = p }[1] or {}).owner
end

local base_bombard_roll = L.bombard_roll
function L.bombard_roll(p, u, pl, dice, hit, ctx)
  dice, hit = base_bombard_roll(p, u, pl, dice, hit, ctx)
  if game.unit_exists(u.id) then
    local lost = U.dice_lost(p, { id = u.id }, dice)
    if lost > 0 then
      game.log({ key = lost > 1 and "sa.sustain_bombard_dice_fewer" or "sa.sustain_bombard_die_fewer", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, n = lost })
      dice = math.max(1, dice - lost)
    end
  end
  local owner = planet_owner(p, pl)
  local pen = owner and U.bombard_penalty(owner, pl, p) or 0
  if pen > 0 then hit = hit + pen end
  return dice, hit
end

local base_bombard_hits = L.bombard_hits
function L.bombard_hits(p, q, pl, hits, ctx)
  local a = U.absorbed(q, pl)
  if a > 0 and hits > 0 then
    local c = math.min(a, hits)
    game.log({ key = c > 1 and "sa.shields_cancel_hits" or "sa.shields_cancel_hit", planet = L.name("planets", pl), n = c })
    hits = hits - c
  end
  ctx.sa_results = ctx.sa_results or {}
  ctx.sa_results[#ctx.sa_results + 1] = { planet = pl, owner = q, hits = hits }
  game.window("sa_bombarded", { player = p, active = p, owner = q, planet = pl, system = ctx.system, hits = hits })
  return base_bombard_hits(p, q, pl, hits, ctx)
end

local base_bombardment = game.procedure_fn("bombardment")
procedure("bombardment", function(ctx)
  local p, s = ctx.player, ctx.system
  ctx.sa_done = ctx.sa_done or {}
  ctx.forbid = ctx.forbid or {}
  for _, pl in ipairs(game.planets_of(s)) do
    if not ctx.forbid[pl] and game.planet_owner(pl) ~= p and not U.may_bombard(p, pl, true) then ctx.forbid[pl] = true end
  end
  return base_bombardment(ctx)
end)

-- Dreadnoughts bombard without an invasion: after the landings, the units
-- that may do so choose among the enemy planets nobody landed on; the TI3
-- invasion then runs its own bombardment of the invaded planets with the
-- other bombarding units (and the dreadnoughts that did not bombard yet).
local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  local r = base_commit(ctx)
  if ctx.sa_invasion then
    local p, s = ctx.player, ctx.system
    local only = {}
    for _, u in ipairs(L.ships(p, s)) do
      local d = L.def(p, u.kind)
      if d.bombardment and d.bombard_without_invasion then only[d.type or u.kind] = true end
    end
    if next(only) then
      local invaded = {}
      for _, pl in ipairs(ctx.targets or {}) do invaded[pl] = true end
      local forbid, any = {}, false
      for _, pl in ipairs(game.planets_of(s)) do
        if invaded[pl] or game.planet_owner(pl) == p or game.planet_owner(pl) == nil then forbid[pl] = true else any = true end
      end
      if any then
        ctx.sa_done = ctx.sa_done or {}
        local b = { player = p, active = p, system = s, forbid = forbid, sa_only = only, sa_done = ctx.sa_done, sa_no_invasion = true }
        game.step("bombardment", b)
      end
    end
  end
  return r
end)

local base_invasion = game.procedure_fn("invasion")
procedure("invasion", function(ctx)
  ctx.sa_invasion = true
  return base_invasion(ctx)
end)

---------------------------------------------------------------------------
-- Shock troops: commandos and promotion.

-- Units set aside as commandos are not part of the army while it fights.
local base_ground = L.ground
function L.ground(p, planet)
  local out = base_ground(p, planet)
  local any = false
  for _, u in ipairs(out) do if game.get("unit", u.id, "sa_commando") then any = true end end
  if not any then return out end
  local keep = {}
  for _, u in ipairs(out) do if not game.get("unit", u.id, "sa_commando") then keep[#keep + 1] = u end end
  return keep
end

function U.commandos(p, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, owner = p }) do
    if game.get("unit", u.id, "sa_commando") then out[#out + 1] = u end
  end
  return out
end

-- Before the first round: the attacker may set shock troops aside. The
-- defending ground units at the start are remembered (promotion needs one).
local base_ground_combat = game.procedure_fn("ground_combat")
procedure("ground_combat", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local def_units, def_pds = 0, 0
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    local d = L.def(u.owner, u.kind)
    if d.class == "ground" then def_units = def_units + 1 end
    if (d.type or u.kind) == "pds" then def_pds = def_pds + 1 end
  end
  ctx.sa_defenders = def_units
  local mine = L.ground(p, pl)
  if (def_units > 0 or def_pds > 0) and #mine > 0 then
    local cands = {}
    for _, u in ipairs(mine) do
      if L.def(p, u.kind).commando then cands[#cands + 1] = u end
    end
    -- At least one unit must still fight.
    local left = #mine
    for _, u in ipairs(cands) do
      if left <= 1 then break end
      if game.choose(p, { key = "sa.send_commando", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) }, { "no", "yes" }) == "yes" then
        game.put("unit", u.id, "sa_commando", true)
        left = left - 1
        game.log({ key = "sa.is_commando", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) })
      end
    end
  end
  return base_ground_combat(ctx)
end)

-- After the combat: a failed invasion loses its commandos; a won one keeps
-- them (their capture is in the structures capture, f_leaders.lua) and
-- promotes one ground force if ground units defended the planet.
local base_control = game.procedure_fn("establish_control")
procedure("establish_control", function(ctx)
  local p, pl = ctx.player, ctx.planet
  local prev = game.planet_owner(pl)
  local cmd = U.commandos(p, pl)
  local won = #L.ground(p, pl) > 0
  if #cmd > 0 and won and prev ~= p then U.commando_captures(p, pl) end
  if #cmd > 0 and not won then
    for _, u in ipairs(cmd) do
      if game.unit_exists(u.id) then
        game.remove_unit(u.id)
        game.log({ key = "sa.commando_destroyed", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id })
      end
    end
  end
  local r = base_control(ctx)
  for _, u in ipairs(cmd) do
    if game.unit_exists(u.id) then game.put("unit", u.id, "sa_commando", nil) end
  end
  if won and prev ~= p and game.planet_owner(pl) == p and (ctx.sa_defenders or 0) > 0 then
    local list = pending()
    list[#list + 1] = { player = p, planet = pl }
    game.put("game", nil, "sa_promotions", list)
  end
  return r
end)

-- Promotions left when the action ends without a production step.
local base_tactical = game.procedure_fn("tactical_action")
procedure("tactical_action", function(ctx)
  local r = base_tactical(ctx)
  if ctx.player then U.promote_pending(ctx.player) end
  return r
end)

-- Commandos capture one installation each when the planet is taken (before
-- the shared step destroys the other players' installations there).
function U.commando_captures(p, pl)
  local cmd = U.commandos(p, pl)
  if #cmd == 0 then return end
  for _ = 1, #cmd do
    local opts = { "none" }
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      local d = L.def(u.owner, u.kind)
      local t = d.type or u.kind
      local mine = L.has_unit(p, t) and L.def(p, t)
      if d.class == "structure" and mine and (not mine.limit or game.count_units { owner = p, kind = u.kind } < mine.limit) then
        opts[#opts + 1] = u.kind .. "#" .. u.id
      end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "sa.commando_capture", planet = L.name("planets", pl) }, opts)
    if pick == "none" then return end
    local id = tonumber(pick:match("#(%d+)$"))
    local owner
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do if u.id == id then owner = u.owner end end
    game.set_unit_owner(id, p)
    game.log({ key = "sa.commando_captures", p = L.pn(p), q = L.pn(owner), unit = pick, id = id, planet = L.name("planets", pl) })
    -- A captured space dock is exhausted (later SA rulebook; the seed is silent).
    if L.sa_exhaust_dock and L.def(p, pick:match("^([%w_]+)#")).production then L.sa_exhaust_dock(id) end
  end
end


-- Shattered Ascension, Spanish rulebook (seed 001, appendix 2 "Opción de
-- Juego / Adición: Sistema de Acción Simultánea"): the Simultaneous Action
-- System of 001, replacing sa-en's (seed 000) procedure `simultaneous_action`
-- (rules/n_options2.lua; option sa_simultaneous_actions, whose action option
-- and L.take_action hook sa-en installs).
--
-- 001's rules, and how they are played here:
--   1) The player puts a command counter in every system he includes in the
--      "movement matrix"; one of them comes straight from his reinforcements,
--      the others from his command pool. (With no counter left in the
--      reinforcements every counter comes from the pool: our reading.)
--   2) Exactly one of the systems gets a "full activation" for free: there
--      every step of a tactical action after movement takes place (space
--      cannon, space battle, landings and invasion combat, production). Each
--      further full activation costs one more command counter from the pool.
--      A system without any unit of the player must be fully activated, even
--      if he only moves into it. In a system that is not fully activated only
--      movement happens. (Our reading, as no step after movement may happen
--      there: ships may not move into a system holding other players' ships
--      unless it is fully activated.)
--   3) Ships move only from one activated system to another, each within its
--      movement value, each at most once; all movement happens before any
--      battle, so a fleet cannot fight and then move on.
--   4) Every PDS, friendly or enemy, fires at one activated system only; one in
--      range of several chooses which (its owner, before the space cannon step).
--   5) Producing in more than one system costs one more command counter
--      (001 speaks of producing at more than one space dock; we
--      count systems, as a system's docks produce together in TI3).
-- 001's worked example (systems A, B, C; A and B fully activated) costs 3
-- command counters from the command pool: tests/es_sas_example.yaml.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES
local O = L.sa_opt2 -- (sa-en's simultaneous action helpers, n_options2.lua)

local function hex(s) return game.system(s).hex or tostring(s) end
-- The system an option made by hex() names (a number for a system off the board).
local function system_of(o) return tonumber(o) or game.system_at(o) end

local function filter(list, fn)
  local out = {}
  for _, x in ipairs(list) do if fn(x) then out[#out + 1] = x end end
  return out
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- Whether p has any unit in s (ships, ground forces, PDS, docks, leaders...).
function ES.sas_has_units(p, s)
  return game.count_units { system = s, owner = p } > 0
end

-- Must s be fully activated whatever the player wants?
function ES.sas_must_be_full(p, s)
  return not ES.sas_has_units(p, s) or #L.enemies_in(p, s) > 0
end

-- The order in which p's systems go through one step of the action (`step`
-- as sa-en's simultaneous action names it: "movement", "space cannon"...).
local function pick_order(p, step, list)
  local left = {}
  for _, s in ipairs(list) do left[#left + 1] = s end
  local out = {}
  while #left > 1 do
    local opts = {}
    for _, s in ipairs(left) do opts[#opts + 1] = hex(s) end
    local pick = system_of(game.choose(p, { key = "sa.sim_next_in", step = step }
, opts))
    for i, s in ipairs(left) do if s == pick then table.remove(left, i); break end end
    out[#out + 1] = pick
  end
  if #left == 1 then out[#out + 1] = left[1] end
  return out
end

-- State of the simultaneous action under way (nil otherwise).
ES.sas = nil

procedure("simultaneous_action", function(ctx)
  local p = ctx.player
  local systems, sctx, full = {}, {}, {}
  local paid_extra = 0
  -- 1) The movement matrix.
  while true do
    local free_counter = (#systems == 0 and L.reinforcements(p) > 0)
    local pool = game.counter(p, "tactic")
    local opts = {}
    if #systems > 0 then opts[1] = "done" end
    local nfull = 0
    for _ in pairs(full) do nfull = nfull + 1 end
    for _, s in ipairs(L.activatable(p)) do
      if not sctx[s] then
        local cost = free_counter and 0 or 1
        if ES.sas_must_be_full(p, s) and nfull >= 1 then cost = cost + 1 end
        if cost <= pool then opts[#opts + 1] = hex(s) end
      end
    end
    if #opts == 0 then error(L.pn(p) .. " cannot activate any system") end
    if #opts == 1 and opts[1] == "done" then break end
    local pick = game.choose(p, { key = "sa_es.sas_place_counter" }, opts)
    if pick == "done" then break end
    local s = system_of(pick)
    -- The first counter comes from the reinforcements: it passes through the
    -- command pool so that the activation step (and its checks) places it.
    if free_counter then game.add(p, "tactic", 1) end
    local c = { player = p, active = p, system = s, simultaneous = true, se_tactical = true }
    game.step("activation", c)
    if free_counter then
      game.log({ key = "sa_es.sas_counter_from_reinforcements", p = L.pn(p), system = L.sysname(s) })
    end
    systems[#systems + 1] = s
    sctx[s] = c
    if ES.sas_must_be_full(p, s) then
      if nfull >= 1 then
        game.add(p, "tactic", -1)
        paid_extra = paid_extra + 1
      end
      full[s] = true
      game.log({ key = "sa_es.sas_fully_activates", p = L.pn(p), system = L.sysname(s) })
    end
  end
  -- 2) Full activations: one is free; each further one costs a counter.
  local nfull = 0
  for _ in pairs(full) do nfull = nfull + 1 end
  if nfull == 0 then
    local opts = {}
    for _, s in ipairs(systems) do opts[#opts + 1] = hex(s) end
    local s = system_of(game.choose(p, { key = "sa_es.sas_free_full" }, opts))
    full[s] = true
    nfull = 1
    game.log({ key = "sa_es.sas_fully_activates", p = L.pn(p), system = L.sysname(s) })
  end
  while game.counter(p, "tactic") > 0 do
    local opts = { "done" }
    for _, s in ipairs(systems) do if not full[s] then opts[#opts + 1] = hex(s) end end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "sa_es.sas_another_full" }, opts)
    if pick == "done" then break end
    local s = system_of(pick)
    full[s] = true
    nfull = nfull + 1
    game.add(p, "tactic", -1)
    paid_extra = paid_extra + 1
    game.log({ key = "sa_es.sas_fully_activates_paid", p = L.pn(p), system = L.sysname(s) })
  end
  ctx.systems = systems
  ctx.system = systems[1]
  ctx.full = full
  game.log({ key = #systems == 1 and "sa_es.sas_summary_one" or "sa_es.sas_summary", p = L.pn(p), n = #systems, f = nfull })
  local function live(s) return not sctx[s].end_turn end
  local function isfull(s) return full[s] and live(s) end
  -- 3) Movement, into each system in the player's order, only from the other
  -- activated systems (their counters are lifted meanwhile); no ship moves
  -- twice; ships enter a system with other players' ships only if it is fully
  -- activated.
  ES.sas = { player = p, systems = systems, full = full, moved = {} }
  local ok, err = pcall(function()
    for _, s in ipairs(pick_order(p, "movement", filter(systems, live))) do
      if full[s] or #L.enemies_in(p, s) == 0 then
        ES.sas.target = s
        for _, id in ipairs(O.sim_movement(p, s, systems, sctx[s])) do ES.sas.moved[id] = true end
      end
    end
  end)
  if not ok then ES.sas = nil; error(err, 0) end
  ES.sas.target = nil
  -- 4) Space cannon, in fully activated systems only; each PDS chooses one.
  ok, err = pcall(function()
    local cannon = filter(systems, function(s) return isfull(s) and (#L.ships(p, s) > 0 or #L.enemies_in(p, s) > 0) end)
    ES.sas_assign_cannons(p, cannon)
    for _, s in ipairs(pick_order(p, "space cannon", cannon)) do
      if live(s) then
        ES.sas.cannon_system = s
        game.step("space_cannon_offense", sctx[s])
        ES.sas.cannon_system = nil
      end
    end
  end)
  if not ok then ES.sas = nil; error(err, 0) end
  ES.sas = nil
  -- 5) Space battles.
  local battles = filter(systems, function(s) return isfull(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) > 0 end)
  for _, s in ipairs(pick_order(p, "space battle", battles)) do
    if live(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) > 0 then
      local c = { player = p, active = p, system = s, defender = L.enemies_in(p, s)[1] }
      game.step("space_combat", c)
      if c.end_turn then sctx[s].end_turn = true end
    end
  end
  -- 6) Planetary landings and invasion combat.
  local landings = filter(systems, function(s)
    return isfull(s) and #L.ships(p, s) > 0 and #L.enemies_in(p, s) == 0 and O.ground_in_space(p, s)
  end)
  for _, s in ipairs(pick_order(p, "planetary landings", landings)) do
    if live(s) then game.step("invasion", sctx[s]) end
  end
  -- 7) Production; a second producing system costs one more counter.
  local prod = filter(systems, function(s)
    if not isfull(s) then return false end
    if L.production(p, s) > 0 then return true end
    for _, pl in ipairs(game.planets_of(s)) do if game.planet_owner(pl) == p then return true end end
    return false
  end)
  local produced = 0
  for _, s in ipairs(pick_order(p, "production", prod)) do
    if live(s) then
      local go = true
      if produced >= 1 and L.production(p, s) > 0 then
        go = game.counter(p, "tactic") > 0
          and game.choose(p, { key = "sa_es.sas_second_production", system = L.sysname(s) }, { "no", "yes" }) == "yes"
        if go then
          game.add(p, "tactic", -1)
          game.log({ key = "sa_es.sas_pays_second_production", p = L.pn(p) })
        end
      end
      if go then
        local before = game.count_units { owner = p }
        game.step("production", sctx[s])
        if game.count_units { owner = p } > before then produced = produced + 1 end
      end
    end
  end
end)

-- Before the space cannon step: each unit with space cannon in range of more
-- than one fully activated system it could fire into is fired into one of
-- them, its owner's choice (ES.sas.cannon[unit] = system).
function ES.sas_assign_cannons(p, systems)
  local cand = {}
  for _, s in ipairs(systems) do
    for _, t in ipairs(game.within(s, 1, "space_cannon")) do
      for _, u in ipairs(game.units { system = t }) do
        local sc = L.def(u.owner, u.kind).space_cannon
        if sc and (t == s or (sc.range or 0) >= 1) then
          local target = (u.owner == p) and (#L.enemies_in(p, s) > 0) or (u.owner ~= p and #L.ships(p, s) > 0)
          if target then
            cand[u.id] = cand[u.id] or { unit = u, systems = {} }
            if not contains(cand[u.id].systems, s) then table.insert(cand[u.id].systems, s) end
          end
        end
      end
    end
  end
  ES.sas.cannon = {}
  for _, id in ipairs(game.keys(cand)) do
    local c = cand[id]
    local s = c.systems[1]
    if #c.systems > 1 then
      local opts = {}
      for _, x in ipairs(c.systems) do opts[#opts + 1] = hex(x) end
      s = system_of(game.choose(c.unit.owner, { key = "sa_es.sas_fires_into", unit = c.unit.kind .. "#" .. c.unit.id, id = c.unit.id }, opts))
      game.log({ key = "sa_es.sas_fires_only_into", p = L.pn(c.unit.owner), unit = c.unit.kind .. "#" .. c.unit.id, system = L.sysname(s) })
    end
    ES.sas.cannon[c.unit.id] = s
  end
end

-- During the space cannon step of a simultaneous action a unit fires only
-- into the system assigned to it.
local base_fire = L.fire_cannons
function L.fire_cannons(q, list, target_player, label)
  local st = ES.sas
  if st and st.cannon and st.cannon_system then
    list = filter(list, function(x)
      local s = st.cannon[x.unit.id]
      return s == nil or s == st.cannon_system
    end)
    if #list == 0 then return 0 end
  end
  return base_fire(q, list, target_player, label)
end

-- Movement in a simultaneous action: only ships in another activated system,
-- each once.
local base_movers = L.movers
function L.movers(p, target, rules)
  local list = base_movers(p, target, rules)
  local st = ES.sas
  if not st or st.player ~= p or st.target ~= target then return list end
  return filter(list, function(m)
    return not st.moved[m.unit.id] and contains(st.systems, m.unit.system) and m.unit.system ~= target
  end)
end

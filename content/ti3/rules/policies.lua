-- `eager` (`imperium play --agent eager`): a player who plays every action
-- card he is offered and seeks a fight, for random games that should bring
-- every card into play (tests/games.rs). Where it has no preference it
-- answers nothing and the agent picks at random.
-- It plays each optional card when asked, takes a component action card
-- (an "as an action" card) as soon as one is offered, moves every ship it
-- may, lands and commits every ground force, takes the Technology strategy
-- card and researches toward the war sun while it cannot build one yet,
-- builds the largest ship it can, and activates a system holding another
-- player's ships or planets (or Mecatol Rex) that some of its ships reach,
-- preferring the one most of them reach. It puts a new command counter in
-- its fleet supply while that is no larger than its largest fleet in a
-- system, so that no war sun or dreadnought is lost over it.
-- Once it may build war suns and has none, it saves for one: it buys no
-- technology, in a production it builds a war sun or nothing, and once it
-- has the resources it activates a system where it can build one (a space
-- dock, not blockaded, fleet room).
-- Some cards need a prepared board; it prepares it while it holds them, and
-- over the hand limit (or for Bioptic Recyclers) it discards another card:
-- - Chemical Warfare (its invasion of another player's planet defended by
--   ground forces, with one of its dreadnoughts in the system): it activates
--   such a system where a dreadnought of its own is or can go and its ships
--   bring ground forces, where it commits them to that planet; else a
--   system without enemy ships nearer to one, where a dreadnought can go;
--   without a dreadnought, it saves for one (as for the war sun above) and
--   activates a system where it can build one;
-- - Star of Death, Strategic Bombardment (one of its war suns in a system
--   with another player's planet): it activates such a system that a war
--   sun of its own can reach, else one without enemy ships nearer to it;
-- - Surprise Assault: a system where one of its space docks is blockaded;
-- - Rule by Terror, Reparations: it only keeps them.
-- Among the systems the cards make it want, it prefers those where its
-- ships outweigh the enemy's. (It looks for them within two hexes of the
-- dreadnoughts or war suns that would go, and for their targets within
-- four; wormholes are left aside.)
local L = game.lib

-- The technologies on the way to the war sun (it, and its prerequisites).
local function toward_war_sun()
  local want, todo = {}, {}
  for _, u in ipairs(game.keys(game.data.units or {})) do
    local t = game.data.units[u].requires_tech
    if game.data.units[u].type == "war_sun" and t then todo[#todo + 1] = t end
  end
  while #todo > 0 do
    local t = table.remove(todo)
    if not want[t] and game.data.techs[t] then
      want[t] = true
      for _, r in ipairs(game.data.techs[t].requires or {}) do todo[#todo + 1] = r end
    end
  end
  return want
end

-- How much p would like to activate system s: nothing unless it holds
-- another player's ships or planets, or Mecatol Rex while p does not
-- control it; then the weight of p's ships that reach it (war sun 3,
-- dreadnought 2, others 1), doubled where another player controls a planet.
local WEIGHT = { war_sun = 3, dreadnought = 2 }
local function appeal(p, s, movers)
  local hot, planets = #L.other_ships(p, s) > 0, false
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o ~= nil and o ~= p then planets = true end
    if pl == "mecatol_rex" and o ~= p then hot = true end
  end
  if not (hot or planets) then return 0 end
  local n = 0
  for _, m in ipairs(movers(s)) do
    n = n + (WEIGHT[L.def(p, m.unit.kind).type] or 1)
  end
  return planets and 2 * n or n
end

-- Whether p holds action card `card` (an id) in his hand.
local function holds(p, card)
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if c == card then return true end
  end
  return false
end

local function utype(p, u) return L.def(p, u.kind).type end

-- Whether p has a ship of type `ty` in system s.
local function has_ship(p, s, ty)
  for _, u in ipairs(L.ships(p, s)) do
    if utype(p, u) == ty then return true end
  end
  return false
end

-- The planets of s that Chemical Warfare could strike in p's invasion:
-- another player controls them and has ground forces on them.
local function gassable(p, s)
  local out = {}
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o ~= nil and o ~= p and #L.ground(o, pl) > 0 then out[#out + 1] = pl end
  end
  return out
end

-- How many of p's ground forces could come to s in one tactical action:
-- those already in its space area, and those the capacity of p's ships
-- moving in (ms: L.movers) can take from their systems (fighters, offered
-- first, use that capacity before them).
local function ground_in_reach(p, s, ms)
  local n = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if L.def(p, u.kind).class == "ground" then n = n + 1 end
  end
  local cap = {}
  for _, m in ipairs(ms) do
    local from = m.unit.system
    cap[from] = (cap[from] or 0) + (L.def(p, m.unit.kind).capacity or 0)
  end
  for _, from in ipairs(game.keys(cap)) do
    local room, ground = cap[from], 0
    for _, u in ipairs(L.transport_candidates(p, from, s, {})) do
      local d = L.def(p, u.kind)
      if d.class == "ground" then ground = ground + 1
      elseif L.transport_uses_capacity(p, u) then room = room - 1 end
    end
    n = n + math.max(0, math.min(room, ground))
  end
  return n
end

-- The planets of s where p's war sun there could destroy with Star of
-- Death (as the card's script: another player's planet, or another
-- player's units on a planet).
local function scourable(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if (o ~= nil and o ~= p) or game.count_units { planet = pl, not_owner = p } > 0 then return true end
  end
  return false
end

local function count_type(p, ty)
  local n = 0
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if utype(p, u) == ty then n = n + 1 end
  end
  return n
end

-- Whether p may build a ship of type `ty` (the unit of that id) now: the
-- technology, the resources, the number left.
local function may_build(p, ty)
  local d = L.has_unit(p, ty) and L.def(p, ty)
  if not d or not d.cost then return false end
  if d.requires_tech and not game.holds(p, "techs", d.requires_tech) then return false end
  if d.limit and count_type(p, ty) >= d.limit then return false end
  return L.spendable(p, "resources") >= d.cost
end

-- Whether a tactical action in s would let p build a ship there: a space
-- dock producing there, not blockaded, and fleet room.
local function build_site(p, s)
  if L.production(p, s) < 1 or L.blockaded(p, s) then return false end
  return L.fleet_limit_in(p, s) > L.count_fleet(p, s)
end

-- Whether one of p's ships of type `ty` is in s or reaches it (ms: L.movers).
local function ship_reaches(p, s, ms, ty)
  if has_ship(p, s, ty) then return true end
  for _, m in ipairs(ms) do
    if utype(p, m.unit) == ty then return true end
  end
  return false
end

-- The fewest moves for p's ships from s to one of the systems in `goals` (a
-- list of {system}; each gets the movement rules toward it, L.move_rules,
-- and the list the distances found), nil when none is reachable.
local function goal_distance(p, s, goals)
  if goals.dist and goals.dist[s] ~= nil then return goals.dist[s] or nil end
  local best
  for _, g in ipairs(goals) do
    g.rules = g.rules or L.move_rules(p, g.system)
    local c = g.system == s and 0 or game.move_cost(s, g.system, g.rules)
    if c and (not best or c < best) then best = c end
  end
  goals.dist = goals.dist or {}
  goals.dist[s] = best or false
  return best
end

-- How much p wants to move his ships of type `ty` to s on their way to one
-- of `goals`: more the closer s is to it, nothing unless s is closer than
-- where the nearest of those ships is now (ms: L.movers of s).
local function closer(p, s, ms, ty, goals)
  local here = goal_distance(p, s, goals)
  if not here then return 0 end
  local now
  for _, m in ipairs(ms) do
    if utype(p, m.unit) == ty then
      local d = goal_distance(p, m.unit.system, goals)
      if d and (not now or d < now) then now = d end
    end
  end
  if not now or here >= now then return 0 end
  return 300 - 10 * here
end

-- The type of ship p saves his resources for (nil: none): a war sun while
-- he may build one and has none (Star of Death, Strategic Bombardment and
-- Rule by Terror want one); else a dreadnought while he holds Chemical
-- Warfare and has none.
local function saving_for(p)
  if count_type(p, "war_sun") == 0 and L.has_unit(p, "war_sun") then
    local t = L.def(p, "war_sun").requires_tech
    if not t or game.holds(p, "techs", t) then return "war_sun" end
  end
  if holds(p, "chemical_warfare") and count_type(p, "dreadnought") == 0 then return "dreadnought" end
  return nil
end

-- p's ships in s or moving in (ms: L.movers) against the other players'
-- ships there, each weighed as WEIGHT says (fighters half).
local function odds(p, s, ms)
  local function w(q, u)
    local ty = utype(q, u)
    return ty == "fighter" and 0.5 or (WEIGHT[ty] or 1)
  end
  local n = 0
  for _, u in ipairs(L.ships(p, s)) do n = n + w(p, u) end
  for _, m in ipairs(ms) do n = n + w(p, m.unit) end
  for _, u in ipairs(L.other_ships(p, s)) do n = n - w(u.owner, u) end
  return n
end

-- The hexes of the systems from which p's ships of type `ty` may move (no
-- command counter of his there).
local function launch_hexes(p, ty)
  local out = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and u.carried == nil and utype(p, u) == ty and not game.has_token(u.system, "command", p) then
      out[#out + 1] = game.system(u.system).hex
    end
  end
  return out
end

-- Whether s lies within n hexes (2 unless given: ships move at most two)
-- of one of `hexes` (the cards' plans leave wormholes aside).
local function near(s, hexes, n)
  local h = game.system(s).hex
  if not h then return false end
  for _, x in ipairs(hexes) do
    if x and game.hex_distance(x, h) <= (n or 2) then return true end
  end
  return false
end

-- What p wants beyond `appeal` when he holds a card that needs a prepared
-- board, for each system he may activate (options: activate_system's;
-- movers(s): L.movers of s): a table system -> extra appeal.
local function card_appeals(p, options, movers)
  local cw, sd = holds(p, "chemical_warfare"), holds(p, "star_of_death")
  local sb, sa = holds(p, "strategic_bombardment"), holds(p, "surprise_assault")
  local out = {}
  local ws_build = saving_for(p) == "war_sun" and may_build(p, "war_sun")
  if not (cw or sd or sb or sa or ws_build) then return out end
  local dn_build = cw and count_type(p, "dreadnought") == 0 and may_build(p, "dreadnought")
  local dn_hexes = cw and launch_hexes(p, "dreadnought") or {}
  local ws_hexes = (sd or sb) and launch_hexes(p, "war_sun") or {}
  -- The systems the cards aim at, within a few moves of the ships that
  -- would go.
  local gas, scour = {}, {}
  for s = 1, game.num_systems() do
    if #dn_hexes > 0 and near(s, dn_hexes, 4) and #gassable(p, s) > 0 then gas[#gas + 1] = { system = s } end
    if #ws_hexes > 0 and near(s, ws_hexes, 4) and scourable(p, s) then scour[#scour + 1] = { system = s } end
  end
  for _, o in ipairs(options) do
    local s = tonumber(o) or game.system_at(o)
    if s then
      local foes = #L.other_ships(p, s)
      local v = 0
      if cw and (has_ship(p, s, "dreadnought") or near(s, dn_hexes)) then
        local ms = movers(s)
        local dn = ship_reaches(p, s, ms, "dreadnought")
        local gf = dn and ground_in_reach(p, s, ms) or 0
        if #gassable(p, s) > 0 then
          -- Strike: a dreadnought and ground forces for that planet.
          if gf > 0 then v = math.max(v, 1000 + gf + 20 * odds(p, s, ms)) end
        elseif foes == 0 then
          -- Close in: a dreadnought (and ground forces) nearer to one.
          local c = closer(p, s, ms, "dreadnought", gas)
          if c > 0 then v = math.max(v, c + gf) end
        end
      end
      if dn_build and build_site(p, s) then v = math.max(v, 400) end
      if sa and L.blockaded(p, s) and L.production(p, s) > 0 then
        -- Surprise Assault: one of its space docks blockaded here.
        v = math.max(v, 800 + 20 * odds(p, s, movers(s)))
      end
      if (sd or sb) and (has_ship(p, s, "war_sun") or near(s, ws_hexes)) then
        local ms = movers(s)
        local ws = ship_reaches(p, s, ms, "war_sun")
        if ws and scourable(p, s) then
          v = math.max(v, 1000 + 20 * odds(p, s, ms))
        elseif foes == 0 then
          v = math.max(v, closer(p, s, ms, "war_sun", scour))
        end
      end
      if ws_build and build_site(p, s) then v = math.max(v, 500) end
      if v > 0 then out[s] = math.max(v, 1) end
    end
  end
  return out
end

-- The systems holding p's ships (a set).
local function systems_with_ships(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system then out[u.system] = true end
  end
  return out
end

-- The options of a discard p may choose, without the cards it keeps (all
-- of them when only those are offered).
local KEEP = {
  chemical_warfare = true, star_of_death = true, strategic_bombardment = true, rule_by_terror = true,
  surprise_assault = true, reparations = true,
}
local function discard_pick(p, options)
  local rest = {}
  for _, o in ipairs(options) do
    if not KEEP[o] then rest[#rest + 1] = o end
  end
  if #rest == 0 or #rest == #options then return nil end
  -- (an answer that varies with the hand and round, as the agent's own pick would)
  local i = (game.zone_count("actions:" .. p) + (game.get("game", nil, "round") or 0)) % #rest + 1
  return rest[i]
end

local BIG = { war_sun = 3, dreadnought = 2, cruiser = 1 }

local TAKE = {
  move_unit = "yes", ["ti3.land"] = "yes", use_secondary = "yes", transport = "yes", transport_from = "yes",
  ["ti3.transport"] = "yes", ["ti3.transport_from"] = "yes",
}

L.policies.eager = function(p, prompt, options)
  local key = game.key_of(prompt)
  if key == "kernel.play_optional" then return "yes" end
  -- Hits and retreats as the default policy takes them: sustain first, and
  -- fight on.
  if key == "assign_hit" or key == "announce_retreat" then return L.policies.default(p, prompt, options) end
  if TAKE[key] then
    for _, o in ipairs(options) do if o == TAKE[key] then return o end end
    return nil
  end
  if key == "ti3.action" then
    for _, o in ipairs(options) do
      if o:match("^component:action_cards%.") then return o end
    end
    for _, o in ipairs(options) do if o == "tactical" then return o end end
    return nil
  end
  if key == "ti3.discard_over_hand_limit" or key == "ti3.choose_discard" then
    return discard_pick(p, options)
  end
  if key == "ti3.choose_strategy_card" and L.has_unit(p, "war_sun") then
    -- The Technology card while the war sun is still to be researched.
    local t = L.def(p, "war_sun").requires_tech
    if t and not game.holds(p, "techs", t) then
      for _, o in ipairs(options) do
        if o == "technology" or o == "technology_ii" then return o end
      end
    end
    return nil
  end
  if key == "ti3.place_command_counter" then
    -- The fleet supply first while it is short of p's largest fleet in a
    -- system (ships beyond it are removed, war suns and dreadnoughts too).
    local most = 0
    for _, s in ipairs(game.keys(systems_with_ships(p))) do most = math.max(most, L.count_fleet(p, s)) end
    if game.counter(p, "fleet") <= most then
      for _, o in ipairs(options) do if o == "fleet" then return o end end
    end
    return nil
  end
  if key == "commit_ground_forces" then
    -- With Chemical Warfare and a dreadnought here, the ground forces go to
    -- a planet the card can strike.
    local pl = prompt.planet_id
    local s = pl and game.planet_system(pl)
    if s and holds(p, "chemical_warfare") and has_ship(p, s, "dreadnought") then
      local t = gassable(p, s)
      if #t > 0 then
        local ok = false
        for _, x in ipairs(t) do if x == pl then ok = true end end
        if not ok then return "0" end
      end
    end
    local best
    for _, o in ipairs(options) do
      local n = tonumber(o)
      if n and (not best or n > tonumber(best)) then best = o end
    end
    return best
  end
  if key == "ti3.research" then
    if saving_for(p) then
      for _, o in ipairs(options) do if o == "none" then return o end end
    end
    local want = toward_war_sun()
    for _, o in ipairs(options) do if want[o] then return o end end
    return nil
  end
  if key == "produce" then
    local saving = saving_for(p)
    if saving then
      for _, o in ipairs(options) do
        if game.data.units[o] and L.def(p, o).type == saving then return o end
      end
      for _, o in ipairs(options) do if o == "done" then return o end end
    end
    local best, bv = nil, 0
    for _, o in ipairs(options) do
      local d = game.data.units[o] and L.def(p, o)
      local v = d and BIG[d.type] or 0
      if v > bv then best, bv = o, v end
    end
    return best
  end
  if key == "activate_system" then
    local best, bn = nil, 0
    local cache = {}
    local function movers(s)
      if not cache[s] then
        -- (A quiet question: a policy asks no player anything.)
        local r = {}
        for k, v in pairs(L.move_rules(p, s)) do r[k] = v end
        r.quiet = true
        cache[s] = L.movers(p, s, r)
      end
      return cache[s]
    end
    local extra = card_appeals(p, options, movers)
    for _, o in ipairs(options) do
      local s = tonumber(o) or game.system_at(o)
      local n = s and (appeal(p, s, movers) + (extra[s] or 0)) or 0
      if n > bn then best, bn = o, n end
    end
    return best
  end
  return nil
end

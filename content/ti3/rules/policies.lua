-- `eager` (`imperium play --agent eager`): a player who plays every action
-- card he is offered and seeks a fight, for random games that should bring
-- every card into play (tests/games.rs). Where it has no preference it
-- answers nothing and the agent picks at random.
-- It plays each optional card when asked, takes a component action card
-- (an "as an action" card) as soon as one is offered, moves every ship it
-- may, lands and commits every ground force, buys toward the war sun and
-- builds the largest ship it can, and activates a system holding another
-- player's ships or planets (or Mecatol Rex) that some of its ships reach,
-- preferring the one most of them reach.
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
local function appeal(p, s)
  local hot, planets = #L.other_ships(p, s) > 0, false
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o ~= nil and o ~= p then planets = true end
    if pl == "mecatol_rex" and o ~= p then hot = true end
  end
  if not (hot or planets) then return 0 end
  local n = 0
  for _, m in ipairs(L.movers(p, s, L.move_rules(p, s))) do
    n = n + (WEIGHT[L.def(p, m.unit.kind).type] or 1)
  end
  return planets and 2 * n or n
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
  if key == "commit_ground_forces" then
    local best
    for _, o in ipairs(options) do
      local n = tonumber(o)
      if n and (not best or n > tonumber(best)) then best = o end
    end
    return best
  end
  if key == "ti3.research" then
    local want = toward_war_sun()
    for _, o in ipairs(options) do if want[o] then return o end end
    return nil
  end
  if key == "produce" then
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
    for _, o in ipairs(options) do
      local s = game.system_at(o) or tonumber(o)
      local n = s and appeal(p, s) or 0
      if n > bn then best, bn = o, n end
    end
    return best
  end
  return nil
end

-- Objectives about what a player did "this turn". The cards are claimed in
-- the status phase, so "this turn" is read as the current game round.
--
-- The events are written down as they happen, per player, by the window
-- handlers below. A handler runs only while its card is held: a secret
-- objective by the player who has it in hand, a public objective by the game
-- (rules/game.lua has to grant the public objective deck to the game at setup,
-- so a card revealed in the middle of a round, e.g. by Imperial, still knows
-- what happened earlier in that round). Every card records every event it
-- listens to (as sets, so two cards recording the same event do no harm);
-- def.event says which record the card reads:
--   planets         planets he took control of (count def.count)
--   invaded         planets he invaded and took control of while at least one
--                   opposing ground unit was on them when ground combat began
--                   (after bombardment and space cannon defense; count)
--   battles         systems where he won a space combat against at least 3
--                   opposing ships (Fighters are ships; counted when the combat
--                   began; a side that retreats loses, as the combat procedure
--                   decides; count, different systems)
--   dock_in_combat  he destroyed an opponent's Space Dock by taking its planet
--                   after a ground combat there: our reading of "at the end of
--                   combat" (Space Docks cannot be hit in combat; taking a
--                   planet destroys the structures on it)
--   docks_of        players whose Space Docks he destroyed, by taking their
--                   planet or by hits he scored (count, different players; a
--                   dock captured with its planet is not destroyed)
--   merciless       he took control of a seat neighbour's planet holding a Space
--                   Dock of that neighbour, and that neighbour has no Space
--                   Dock left on the board (destroyed or captured)
--   mecatol_held    he controlled Mecatol Rex from the start of the strategy
--                   phase to the end of the action phase without losing it
local L = game.lib
local MR = "mecatol_rex"

local function round() return game.get("game", nil, "round") or 0 end

local function events(p)
  local e = game.get("player", p, "objective_events")
  if type(e) ~= "table" or e.round ~= round() then e = { round = round() } end
  return e
end

local function note(p, key, item)
  local e = events(p)
  if type(e[key]) ~= "table" then e[key] = {} end
  e[key][item] = true
  game.put("player", p, "objective_events", e)
end

local function count(p, key)
  local n = 0
  local set = events(p)[key]
  if type(set) == "table" then
    for _ in pairs(set) do n = n + 1 end
  end
  return n
end

local function type_of(q, kind) return L.def(q, kind).type end

local function docks(filter)
  local n = 0
  for _, u in ipairs(game.units(filter)) do
    if type_of(u.owner, u.kind) == "space_dock" then n = n + 1 end
  end
  return n
end

-- The players seated directly right and left (clockwise in player order).
local function seat_neighbours(p, q)
  local n = game.num_players()
  return q ~= p and (q == p % n + 1 or q == (p - 2) % n + 1)
end

local function mecatol_record()
  local m = game.get("game", nil, "objective_mecatol")
  if type(m) == "table" and m.round == round() then return m end
  return nil
end

return {
  check = function(p, def)
    if def.event == "mecatol_held" then
      local m = mecatol_record()
      return m ~= nil and m.holder == p and game.planet_owner(MR) == p
    end
    return count(p, def.event) >= (def.count or 1)
  end,

  ["planet_gained"] = function(ctx)
    note(ctx.player, "planets", ctx.planet)
    if ctx.planet == MR then
      local m = mecatol_record()
      if m and m.holder ~= 0 then
        m.holder = 0
        game.put("game", nil, "objective_mecatol", m)
      end
    end
  end,

  ["before:strategy_phase"] = function(ctx)
    local m = mecatol_record()
    if not m then
      game.put("game", nil, "objective_mecatol", { round = round(), holder = game.planet_owner(MR) or 0 })
    end
  end,

  -- Control may also change without the planet_gained window.
  ["after:action_phase"] = function(ctx)
    local m = mecatol_record()
    if m and m.holder ~= 0 and m.holder ~= game.planet_owner(MR) then
      m.holder = 0
      game.put("game", nil, "objective_mecatol", m)
    end
  end,

  ["before:ground_combat"] = function(ctx)
    if ctx.objective_defended ~= nil then return end
    local any = false
    for _, u in ipairs(game.units { planet = ctx.planet, not_owner = ctx.player }) do
      if L.def(u.owner, u.kind).class == "ground" then any = true end
    end
    ctx.objective_defended = any
  end,

  ["before:establish_control"] = function(ctx)
    if ctx.objective_docks then return end
    local ids = {}
    for _, u in ipairs(game.units { planet = ctx.planet, not_owner = ctx.player }) do
      if type_of(u.owner, u.kind) == "space_dock" then ids[#ids + 1] = { id = u.id, owner = u.owner } end
    end
    ctx.objective_docks = ids
    ctx.objective_prev_owner = game.planet_owner(ctx.planet)
  end,

  ["after:establish_control"] = function(ctx)
    if ctx.objective_recorded or not ctx.objective_docks then return end
    ctx.objective_recorded = true
    local p, pl = ctx.player, ctx.planet
    if game.planet_owner(pl) ~= p then return end
    if ctx.objective_defended then note(p, "invaded", pl) end
    for _, dk in ipairs(ctx.objective_docks) do
      local q = dk.owner
      -- Destroyed, not captured (a captured dock still exists).
      if not game.unit_exists(dk.id) then
        note(p, "docks_of", L.pn(q))
        if ctx.objective_defended then note(p, "dock_in_combat", pl) end
      end
      -- The neighbour's planet held one of his docks, and now he has none on
      -- the board (destroyed or captured with the planet).
      if q == ctx.objective_prev_owner and seat_neighbours(p, q) and docks { owner = q } == 0 then
        note(p, "merciless", pl)
      end
    end
  end,

  ["unit_destroyed"] = function(ctx)
    local src = ctx.source
    if src and src ~= ctx.player and type_of(ctx.player, ctx.kind) == "space_dock" then
      note(src, "docks_of", L.pn(ctx.player))
    end
  end,

  ["before:space_combat"] = function(ctx)
    if ctx.objective_ships then return end
    local a, s = ctx.player, ctx.system
    local d = ctx.defender or L.enemies_in(a, s)[1]
    if not d then return end
    ctx.objective_ships = { [a] = #L.ships(a, s), [d] = #L.ships(d, s) }
  end,

  ["after:space_combat"] = function(ctx)
    if ctx.objective_recorded or not ctx.objective_ships then return end
    ctx.objective_recorded = true
    local w = ctx.winner
    if not w then return end
    local loser = (w == ctx.player) and ctx.defender or ctx.player
    if (ctx.objective_ships[loser] or 0) >= 3 then note(w, "battles", tostring(ctx.system)) end
  end,
}

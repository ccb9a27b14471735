-- Rules where this pack follows seed 004 (a TI4 rules summary) rather than
-- the rules reference: where the two differ, the seed wins for ti4. Each
-- section cites the seed line it follows.
local L = game.lib

--- Whether system t holds a unit of a player other than p (in space or on a planet; units of no player, owner 0, do not count).
function L.other_players_units_in(p, t)
  for _, u in ipairs(game.units { system = t, not_owner = p }) do
    if (u.owner or 0) > 0 then return true end
  end
  return false
end

-- Seed 004 (line 183) bars more retreat destinations than LRR 78.7c: no
-- system holding any unit of another player (ground forces, a PDS or a space
-- dock on a planet too), not only one holding their ships. (A plain fight
-- never retreats.)
local base_retreat_options = L.retreat_options
function L.retreat_options(p, s)
  local out = {}
  for _, t in ipairs(base_retreat_options(p, s)) do
    if not L.other_players_units_in(p, t) then out[#out + 1] = t end
  end
  return out
end
L.plain_wrapper(L.retreat_options, base_retreat_options)

-- Seed 004 (line 185): a player whose units retreated places a command token
-- in the system they retreated to even when one of theirs is already there
-- (LRR 78.7d places none then).
function L.retreat_places_token(p, t) return true end

-- Seed 004 (line 143): another player's fighters stop a ship moving through
-- their system only when they are upgraded fighters that move on their own
-- (a move value, e.g. Fighter II); plain fighters do not (LRR 58.4b: any
-- ship does).
function L.movement_blocking_systems(p)
  local out = {}
  for _, u in ipairs(game.units { not_owner = p, space = true }) do
    if u.carried == nil and u.system then
      local d = L.def(u.owner, u.kind)
      if d.class == "ship" and (d.type ~= "fighter" or (d.move or 0) > 0) then out[u.system] = true end
    end
  end
  return out
end

-- Seed 004 (lines 153, 156): in the space cannon offense step every player's
-- dice are rolled first (the active player, then clockwise), then the hits
-- are assigned volley by volley in that same order (LRR 77.2-77.5 has the
-- hits of each player assigned before the next one rolls).
function L.space_cannon_offense_rolls_first(ctx) return true end

-- Seed 004 (line 210): in each round of ground combat the active player
-- assigns the hits against their ground forces first, then the defender (the
-- LRR gives no order).
function L.ground_hits_active_first(rc) return true end

-- Seed 004 (lines 169-170): a player who announces a retreat may at once
-- lift their ground forces from planets of the active system into its space
-- area, to retreat with the ships; during the combat they may exceed the
-- capacity there. Capacity holds again when the units retreat (L.retreat_cargo)
-- or when the combat ends. (The LRR lets no unit on a planet retreat.) Runs
-- after the cards that may stop the retreat (priority below 0).
game.on("retreat_announced", function(ctx)
  if ctx.cancel then return end
  local p, s = ctx.player, ctx.system
  local lifted = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.planet and L.def(p, u.kind).class == "ground" and L.def(p, u.kind).transported then lifted[#lifted + 1] = u end
  end
  for _, u in ipairs(lifted) do
    if game.choose(p, { key = "ti4.retreat_lift_ground_force", unit = u.kind .. "#" .. u.id, id = u.id,
        planet = L.name("planets", u.planet), system = L.sysname(s) }, { "no", "yes" }) == "yes" then
      local pl = u.planet
      game.move_unit(u.id, { system = s })
      game.log({ key = "ti4.lifts_ground_force", p = L.pn(p), unit = u.kind .. "#" .. u.id, planet = L.name("planets", pl), system = L.sysname(s) })
    end
  end
end, { priority = -100, plain = function() return true end })

-- Seed 004 (line 126): abstaining is not casting zero votes. A player with
-- no vote to cast (every planet exhausted) may still choose an outcome and
-- cast 0 votes for it; they then count among those who voted for it (the
-- LRR FAQ on 8.14 treats a vote of zero as an abstention).
function L.casts_zero_votes(p, id) return true end

-- Seed 004 (line 145; LRR 58.4e too): a ship already in the active system may
-- move out of it and back in. It matters only for what the ship picks up on
-- the way, so it is offered to p's ships there with capacity and a move
-- value when a system within the round trip holds units they could pick up
-- (one such system per ship). The round trip is counted with gravity rifts
-- barred, but for a rift that is itself the system the ship goes to: it goes
-- in and straight back out, so its move value gets the rift's +1 (LRR 41.1)
-- and it rolls as it leaves, after picking up; lost, what it picked up there
-- is lost with it (41.2, 95.1b). None is offered when the active system is a
-- rift. What they pick up needs room: the capacity of p's ships that stay in
-- the active system, less what already uses it there.
local listed = L.in_list
-- p's units in s that a ship can carry, but those that move by themselves.
local function carriable(p, s, moving) return L.pickable_units(p, s, moving) end

local function out_and_back(p, target, moved, rules, room, start, passed)
  if listed(rules.free_exit, target) then return end
  local moving = {}
  for _, m in ipairs(moved) do moving[m.unit.id] = true end
  local staying, cap = {}, 0
  for _, u in ipairs(game.units { owner = p, system = target, space = true }) do
    local d = L.def(p, u.kind)
    if u.carried == nil and d.class == "ship" and not moving[u.id] then
      cap = cap + (d.capacity or 0)
      if (d.capacity or 0) > 0 and L.move_value(p, u, target) > 0 then staying[#staying + 1] = u end
    end
  end
  if #staying == 0 then return end
  -- What the moving ships carry in is theirs (their capacity less the room
  -- left to them); the rest of p's transported units there use `cap`.
  local from_cap = {}
  for _, m in ipairs(moved) do
    local f = m.unit.system
    from_cap[f] = (from_cap[f] or 0) + (L.def(p, m.unit.kind).capacity or 0)
  end
  local used = 0
  for _, f in ipairs(game.keys(from_cap)) do used = used - (from_cap[f] - (room[f] or 0)) end
  for _, u in ipairs(game.units { owner = p, system = target, space = true }) do
    if L.def(p, u.kind).transported and not moving[u.id] then used = used + 1 end
  end
  local free = cap - math.max(used, 0)
  local barred = {}
  for _, b in ipairs(rules.blocked or {}) do barred[#barred + 1] = b end
  for _, b in ipairs(rules.free_exit or {}) do barred[#barred + 1] = b end
  local plain = { blocked = barred, stop = rules.stop }
  for _, u in ipairs(staying) do
    if free <= 0 then break end
    local mv = L.move_value(p, u, target)
    local opts, rift = {}, {}
    for s = 1, game.num_systems() do
      local is_rift = listed(rules.free_exit, s) and not listed(rules.blocked, s)
      if s ~= target and game.system(s).hex and not game.has_token(s, "command", p) and not listed(rules.stop, s)
        and (is_rift or not listed(barred, s)) and #carriable(p, s, moving) > 0 then
        local via = plain
        if is_rift then
          -- (other rifts stay barred on the way)
          local others = {}
          for _, b in ipairs(barred) do if b ~= s then others[#others + 1] = b end end
          via = { blocked = others, stop = rules.stop }
        end
        local a = L.move_cost_of(p, target, s, via)
        local b = a and L.move_cost_of(p, s, target, via)
        if b and a + b <= mv + (is_rift and 1 or 0) then
          opts[#opts + 1] = game.system(s).hex
          if is_rift then rift[s] = true end
        end
      end
    end
    if #opts > 0 then
      table.insert(opts, 1, "none")
      local pick = game.choose(p, { key = "ti4.move_out_and_back", unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(target) }, opts)
      if pick ~= "none" then
        local s = game.system_at(pick)
        game.log({ key = "ti4.moves_out_and_back", p = L.pn(p), unit = u.kind .. "#" .. u.id, system = L.sysname(s) })
        local take = math.min(L.def(p, u.kind).capacity or 0, free)
        local picked = {}
        for _, c in ipairs(carriable(p, s, moving)) do
          if take <= 0 then break end
          if game.choose(p, L.transport_via_prompt(c, s), { "yes", "no" }) == "yes" then
            start()
            game.move_unit(c.id, { system = target })
            picked[#picked + 1] = c
            take = take - 1
            free = free - 1
          end
        end
        -- Leaving the rift it went into: a die, 1-3 removes the ship and what it picked up.
        if rift[s] then
          start()
          local hits = game.roll({ key = "roll_gravity_rift", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1,
            L.rift_survival(p, { unit = u, cost = 0 }))
          if hits == 0 then
            free = free - ((L.def(p, u.kind).capacity or 0) - #picked)
            game.remove_unit(u.id)
            game.log({ key = "lost_in_rift", unit = u.kind .. "#" .. u.id })
            for _, c in ipairs(picked) do
              if game.unit_exists(c.id) then
                game.remove_unit(c.id)
                game.log({ key = "lost_with_ship_in_rift", p = L.pn(p), unit = c.kind .. "#" .. c.id })
              end
            end
          end
        end
        if not listed(passed, s) then passed[#passed + 1] = s end
      end
    end
  end
end

local base_transport_on_the_way = L.transport_on_the_way
function L.transport_on_the_way(p, target, moved, rules, room, start)
  local passed = base_transport_on_the_way(p, target, moved, rules, room, start) or {}
  out_and_back(p, target, moved, rules, room, start, passed)
  return passed
end

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

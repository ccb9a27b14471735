-- Thunder's Edge: how this pack reads its data through ti4's helpers, and the
-- hooks a later pack (Prophecy of Kings with Thunder's Edge) fills.
local L = game.lib

-- Dual traits and dual specialties (planets' `traits` / `specialties`).
function L.planet_traits(pl)
  local d = L.pdef(pl)
  if d.traits then return d.traits end
  return d.trait and { d.trait } or {}
end
function L.planet_specialties(pl)
  local d = L.pdef(pl)
  if d.specialties then return d.specialties end
  return d.specialty and { d.specialty } or {}
end

-- Hooks for Prophecy of Kings. This pack has no exploration, leaders or
-- alliance promissory notes; a pack that adds them calls and fills these.
--- Prophecy of Kings hook: the traits a player may explore on planet `pl`: a dual-trait planet offers either, never both (an exploration procedure asks the player to pick one of these). Default: the planet's traits.
function L.te_explorable_traits(p, pl) return L.planet_traits(pl) end
--- Prophecy of Kings hook: whether leaders (agents, commanders, heroes) are in the game. Thunder's Edge without Prophecy of Kings removes them: false.
function L.te_leaders_in_play() return false end
--- Prophecy of Kings hook: p gains the alliance ability of `faction` (its commander's text). Alliance abilities need the commanders' rules, which this pack does not have: it records the faction (player prop `te_alliance:<faction>`) and logs it.
function L.te_gain_alliance_ability(p, faction)
  game.put("player", p, "te_alliance:" .. faction, true)
  game.log({ key = "te.gains_alliance_ability", p = L.pn(p), faction = L.name("factions", faction) })
end

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

--- Prophecy of Kings hook: the traits a player may explore on planet `pl` (a dual-trait planet offers either, not both). Without exploration nothing is explored: an empty list.
function L.te_explorable_traits(p, pl) return {} end
--- Prophecy of Kings hook: whether the game uses leaders (agents, commanders, heroes). Thunder's Edge without Prophecy of Kings removes them.
function L.te_leaders_in_play() return false end

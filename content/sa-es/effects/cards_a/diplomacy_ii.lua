-- Diplomacy II (seed 001, "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/diplomacy_ii.lua) with 001's changes:
--   * an extra effect when the holder uses the primary (either option):
--     until his first hostile tactical action this round, any player who
--     commits a hostile act against him (an act that would break a trade
--     agreement: sa-en's `hostile_act` window, rules/b_general.lua) chooses
--     one of his ready planets and exhausts it. Our readings: once per
--     aggressor and turn (one action = one act, however many hostile steps it
--     has); a player with no ready planet exhausts nothing; the protection
--     ends when the holder commits a hostile act during a tactical action
--     (game prop sa_active_system, set by sa-en's activation) or when the
--     status phase begins. Nobody is protected by the card played by no
--     player (5-player rule: no primary).
--   * Peaceful Annexation (secondary, and the primary's option b) reaches
--     the empty planets (no units, nobody's control, as in ti3) of any system
--     in or adjacent to a system where the player controls a planet or has
--     units, never of an enemy's home system (under Pacts the player's own
--     other race is no enemy: its home system may be chosen).
local L = game.lib
local SHIELD = "sa_es_dip2_shield"
local PAID = "sa_es_dip2_paid"

local function presence_systems(p)
  local set = {}
  for _, pl in ipairs(game.planets_owned(p)) do set[game.planet_system(pl)] = true end
  for _, u in ipairs(game.units { owner = p }) do
    local s = u.system or (u.planet and game.planet_system(u.planet))
    if s then set[s] = true end
  end
  return game.keys(set)
end

-- The home systems of p's enemies (a set): the other players, but under
-- Pacts not p's own other race (001 l.99 "enemy home system"; l.210).
local function homes_of_others(p)
  local set = {}
  local ES = L.sa_es
  for q = 1, game.num_players() do
    local enemy = q ~= p and (not (ES and ES.is_opponent) or ES.is_opponent(p, q))
    local h = enemy and L.home(q)
    if h then set[h] = true end
  end
  return set
end

-- Peaceful Annexation: the systems where p has a presence and those next to
-- them, save other players' home systems (asked once, not for each system).
local function annex_systems(p)
  local out = {}
  local homes = homes_of_others(p)
  local function add(t) if not homes[t] then out[#out + 1] = t end end
  for _, s in ipairs(presence_systems(p)) do
    add(s)
    for _, t in ipairs(game.adjacent(s, "move")) do add(t) end
  end
  return out
end

local function shield(p)
  game.put("game", nil, SHIELD, p)
  game.put("game", nil, PAID, {})
  game.log({ key = "sa_es.under_protection", p = L.pn(p), card = L.name("strategy_cards", "diplomacy_ii") })
end

-- Ends the protection; `hostile`: because the holder committed a hostile
-- act in a tactical action (logged).
local function lift(hostile)
  local p = game.get("game", nil, SHIELD)
  if not p then return end
  game.put("game", nil, SHIELD, nil)
  game.put("game", nil, PAID, nil)
  if hostile then game.log({ key = "sa_es.protection_ends_hostile", p = L.pn(p), card = L.name("strategy_cards", "diplomacy_ii") }) end
end

-- ti3's card (rules/card_scripts.lua) with these steps, and the protection.
local h = L.card_scripts.diplomacy_ii { annex_systems = annex_systems, after_primary = shield }

h.hostile_act = function(ctx)
  local holder = game.get("game", nil, SHIELD)
  if not holder or not ctx.player or not ctx.target then return end
  local p, q = ctx.player, ctx.target
  if p == holder then
    if game.get("game", nil, "sa_active_system") then lift(true) end
    return
  end
  if q ~= holder then return end
  local paid = game.get("game", nil, PAID) or {}
  if paid[tostring(p)] then return end
  paid[tostring(p)] = true
  game.put("game", nil, PAID, paid)
  local ready = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if not game.exhausted(pl) then ready[#ready + 1] = pl end
  end
  table.sort(ready)
  if #ready == 0 then
    game.log({ key = "sa_es.no_ready_planet_to_exhaust", p = L.pn(p), card = L.name("strategy_cards", "diplomacy_ii") })
    return
  end
  local pl = game.choose(p, { key = "sa_es.exhaust_for_hostile_act", q = L.pn(holder) }, ready)
  game.exhaust(pl, true)
  game.log({ key = "sa_es.exhausts_for_hostile_act", p = L.pn(p), planet = L.name("planets", pl), q = L.pn(holder), card = L.name("strategy_cards", "diplomacy_ii") })
end

h.turn_start = function()
  if game.get("game", nil, SHIELD) then game.put("game", nil, PAID, {}) end
end

h["before:status_phase"] = function() lift(false) end

return h

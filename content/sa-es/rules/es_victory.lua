-- Shattered Ascension, Spanish rulebook (seed 001): objectives and victory,
-- where it differs from sa-en (seed 000, rules/k_victory.lua, L.sa_victory).
--
--   * Occupied home system (001 "Cartas de Objetivo y Victoria"): a player's
--     victory points are 3 lower, not 2, while he does not control his home
--     system. 001's Ascension option does not change the figure (000 doubles it
--     to 6 there), so it stays 3 with Ascension too.
--   * The Saar lose nothing while their home system is occupied (001
--     "Razas" exempts them from the 3-point loss).
--   * Pacts: a home system held by the player's other race is not occupied
--     by enemies (V.home_lost below).
--   * "I win the game" objectives (Domination!, Supremacy! and the like) are
--     worth the number of victory points needed to win the current game
--     (001: technically they count as the points the game requires).
--     They give that many points instead of ending the game outright, so
--     simultaneous claims are ranked like any other points.
--   * A tie that the victory points and the planets outside the home system
--     do not break: 000 makes it a split victory; 001 has the other players
--     vote for a moral winner or a shared victory. Each player who is not
--     tied names one of the tied players or "shared"; the player named by
--     more votes than any other wins, anything else (no voter, a tie in the
--     count, most votes for "shared") is a shared victory. (Our reading: one
--     vote per player, not influence; 001 does not say how the vote is held.)
--   * Increased plastic limits (001 "Límite Recomendado"): 15 destroyers
--     (000: 16), 9 PDS (10), 4 space docks (5); with increased limits no more
--     than three Saar space docks may be in one system (001 only). The other
--     figures (24 command counters, 12 cruisers, 7 dreadnoughts, 8 carriers, 3
--     war suns, 8 mechanized units, the upkeep over 8) are the same.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function opt(id) return game.options[id] end
local function race_of(p) return game.get("player", p, "faction") end

ES.HOME_PENALTY = 3
ES.LIMITS = { destroyer = 15, pds = 9, space_dock = 4 }
ES.SAAR_DOCKS_PER_SYSTEM = 3

local V = L.sa_victory
if V then
  V.home_penalty = function() return ES.HOME_PENALTY end

  -- (A surrendered player does not count as having lost his home system:
  -- 001's Surrender takes its own points, es_misc.lua.)
  -- Under Pacts a home system is occupied by enemies only while an opponent
  -- (001 l.210), or nobody, holds one of its planets: one freed and held by
  -- the player's other race costs nothing (l.140 "ocupado por enemigos",
  -- "hasta que el Sistema Natal sea liberado (o recapturado)").
  V.home_lost = function(p)
    if race_of(p) == "saar" then return false end
    if L.home(p) == nil or L.controls_home(p) then return false end
    if opt("pacts") and ES.is_opponent then
      for _, pl in ipairs(game.planets_of(L.home(p))) do
        local o = game.planet_owner(pl)
        if not o or (o ~= p and ES.is_opponent(p, o)) then return true end
      end
      return false
    end
    return true
  end

  if V.LIMITS then
    for k, v in pairs(ES.LIMITS) do V.LIMITS[k] = v end
  end

  -- Ties: the other players vote (see the header).
  local base_rank = V.rank
  V.rank = function(cands)
    local best = base_rank(cands)
    if #best < 2 then return best end
    -- Under Pacts the two races of one player win together (es_options.lua).
    if ES.team_of then
      local one = true
      for _, p in ipairs(best) do if ES.team_of(p) ~= ES.team_of(best[1]) then one = false end end
      if one then return best end
    end
    local tied = {}
    for _, p in ipairs(best) do tied[p] = true end
    local opts = { "shared" }
    for _, p in ipairs(best) do opts[#opts + 1] = L.pn(p) end
    local count = {}
    local voters = 0
    for _, q in ipairs(L.order_from(L.speaker())) do
      if not tied[q] then
        voters = voters + 1
        local pick = game.choose(q, { key = "sa_es.moral_winner_vote" }, opts)
        count[pick] = (count[pick] or 0) + 1
        if pick == "shared" then
          game.log({ key = "sa_es.votes_shared_victory", p = L.pn(q) })
        else
          game.log({ key = "sa_es.votes_moral_winner", p = L.pn(q), q = pick })
        end
      end
    end
    local top, n, many = nil, 0, false
    for _, o in ipairs(opts) do
      local c = count[o] or 0
      if c > n then top, n, many = o, c, false elseif c == n and c > 0 then many = true end
    end
    if voters == 0 or many or not top or top == "shared" then
      game.log({ key = "sa_es.tied_share_victory" })
      return best
    end
    local w = tonumber(top:match("^p(%d+)$"))
    game.log({ key = "sa_es.voted_moral_winner", p = L.pn(w) })
    return { w }
  end
end

-- "I win the game" objectives are worth the goal.
local base_score = L.score
function L.score(p, id)
  local d = game.data.objectives[id]
  if not (d and d.ends_game == "winner") then return base_score(p, id) end
  if type(d.handler) == "table" and d.handler.pay then d.handler.pay(p, d) end
  if d.kind == "secret" then game.move_card(id, "secrets:" .. p, "scored:" .. p)
  else game.put("player", p, "scored:" .. id, true) end
  L.gain_vp(p, L.goal(), L.name("objectives", id))
end

-- Three Saar space docks at most in one system (increased limits only).
function ES.saar_docks_over(p, s)
  if not opt("increased_limits") or race_of(p) ~= "saar" then return 0 end
  local n = 0
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "space_dock" then n = n + 1 end
  end
  return n - ES.SAAR_DOCKS_PER_SYSTEM
end

local base_enforce = L.enforce_limits
function L.enforce_limits(p, s, why)
  base_enforce(p, s, why)
  while ES.saar_docks_over(p, s) > 0 do
    local opts = {}
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if (L.def(p, u.kind).type or u.kind) == "space_dock" then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    local pick = game.choose(p, { key = "sa_es.remove_dock_over_limit", n = ES.SAAR_DOCKS_PER_SYSTEM, system = L.sysname(s) }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = "sa_es.removes_dock_over_limit", p = L.pn(p), unit = pick, system = L.sysname(s) })
  end
end

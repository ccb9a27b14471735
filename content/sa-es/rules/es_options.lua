-- Shattered Ascension, Spanish rulebook (seed 001, "APÉNDICE 2: Variantes y
-- Extras"): the game options where they differ from sa-en (seed 000,
-- rules/m_options1.lua = L.sa_opt1).
--
-- Ascension (option ascendancy; 001 "Opción de Juego: Ascensión"):
--   * the goal is three times the chosen one (000: twice);
--   * every objective but the secret ones may be claimed any number of times;
--     in one objectives step any number of different objectives, and a spend
--     objective ("Gastar ...", amounts halved as in 000) again and again in
--     the same step as long as it can be paid;
--   * technology objectives are removed from the game (000 replaces them after
--     each status phase): they are taken out of every objective deck at setup;
--   * secret objectives are worth 6 (000: 4);
--   * the home system penalty stays 3 (001 says nothing; es_victory.lua) and
--     race-specific technologies follow 001's own Ascension rule
--     (es_races.lua). Bureaucracy and the progression feedback are as in 000.
-- Twilight Council (option twilight_council; 001 "Opción de Juego: Consejo
-- Crepuscular"):
--   * Assembly's primary draws 1 political card and 2 action cards (000: 2
--     and 2);
--   * a) take the speaker token and pick three face-up agendas (two with four
--     players or fewer), never one's own; b) give the token to another player
--     and pick any agenda, then up to three more (two with four players or
--     fewer), each included or discarded. The speaker may not choose b);
--   * no random agendas fill the council when there are fewer than five
--     players (000 adds them);
--   * a Voice of the Council election may be called in round 1 too (001 only
--     bars round 1 in 2-player games);
--   * Xxcha Veto: right after the Assembly holder has chosen the agendas, the
--     Xxcha may spend a strategy command counter to discard one of them.
-- Paths of Fate (option paths_of_fate; 001 "Caminos del Destino"): at setup
-- each player secretly keeps one of his race's three race-specific
-- objectives, besides his secret objective; only one secret objective (of
-- either kind) is claimed in a status phase. (sa-en deals all three and lets
-- one be claimed in the game; there are no race-specific objective cards in
-- the public sources, so both only do the bookkeeping.)
-- Dimensional Rifts (option dimensional_rifts, 001 only; 000 folds it into
-- Star by Star): a blank artifact found brings a double-sided wormhole token
-- (sa-en's tokens), whatever way the galaxy was built; Star by Star alone no
-- longer does.
-- Star by Star (option star_by_star): 001 adds that the Muaat home system is
-- never placed next to Mecatol Rex.
-- Pacts (option pacts, 001 only; "Opción de Juego: Pactos", 2-4 players):
-- each player commands two races. Here every race is a seat of its own (so
-- its hand, strategy cards, trade agreements and secret objective are its
-- own, as 001 asks); seat p and seat p + n/2 belong to the same player
-- (`--players 4 --options pacts` = 2 players with 2 races each). The goal is
-- raised by 50% (rounded up); a player wins when his two races together have
-- the goal. The extra secret objective shared out between the races, the
-- strategy card picks (one card a turn, to either race) and the home
-- system bidding one race at a time: es_v002_pacts.lua. Not modelled: one
-- player choosing for both seats.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end
local function round_no() return game.get("game", nil, "round") or 0 end

local function hand(zone)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone(zone)) do
    if not seen[c] then seen[c] = true; out[#out + 1] = c end
  end
  table.sort(out)
  return out
end

local function remove_value(list, x)
  for i, v in ipairs(list) do if v == x then table.remove(list, i); return true end end
  return false
end

local O = L.sa_opt1

---------------------------------------------------------------------------
-- Ascension.
ES.ASC_GOAL_FACTOR = 3

local ASC = O and O.asc
if ASC then
  -- Technology objectives are out of the game, not replaced.
  ASC.replace_tech_objectives = function() end
end

local function is_spend(d) return d and (type(d.spend) == "table" or type(d.cost) == "table") end
local function tech_based(d)
  if ASC and ASC.tech_based then return ASC.tech_based(d) end
  return d and (d.tech_based == true or d.techs ~= nil)
end

-- The objective decks without technology objectives (Ascension).
local base_decks = game.procedure_fn("setup_decks")
procedure("setup_decks", function(...)
  local r = base_decks(...)
  if opt("ascendancy") then
    game.zone_new("removed:objectives")
    for _, z in ipairs({ "deck:public", "deck:stage2", "deck:secrets" }) do
      for _, c in ipairs(hand(z)) do
        if tech_based(game.data.objectives[c]) then
          while game.move_card(c, z, "removed:objectives") do end
        end
      end
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- Twilight Council.
local TC = O and O.tc

-- 001's numbers of the council and of Ascension are a data patch of
-- sa-en's sa_options_1 (es_data.yaml).

if TC then
  -- Xxcha Veto under the Twilight Council: right after the agendas are chosen.
  function TC.agendas_chosen(p, chosen)
    for _, q in ipairs(L.order_from(L.speaker())) do
      if game.get("player", q, "faction") == "xxcha" and game.counter(q, "strategy") > 0 and #chosen > 0 then
        local opts = { "none" }
        for _, c in ipairs(chosen) do opts[#opts + 1] = c end
        local pick = game.choose(q, { key = "sa_es.xxcha_veto" }, opts)
        if pick ~= "none" then
          game.add(q, "strategy", -1)
          remove_value(chosen, pick)
          TC.discard(pick, "Xxcha Veto")
        end
      end
    end
  end

  -- The council vote: in round 1 of a game of three or more players the
  -- Voice of the Council may be called too: es_misc.lua's strategy rules
  -- (voice_first_round) say so to sa-en's call (L.sa_strategy.call_voice).
end

---------------------------------------------------------------------------
-- Paths of Fate: one race-specific objective kept at setup.
local PF = O and O.pf

-- Paths of Fate, after the deal: each player with more than one
-- race-specific objective in his zone "racial:<p>" keeps one and discards
-- the others. (A scenario may deal those zones itself and call this.)
function L.sa_es_pf_keep()
  for p = 1, game.num_players() do
    local z = "racial:" .. p
    local cards = hand(z)
    if #cards > 1 then
      local keep = game.choose(p, { key = "sa_es.pf_keep" }, cards)
      for _, c in ipairs(cards) do
        if c ~= keep then game.move_card(c, z, "discard:racial_objectives") end
      end
      game.log({ key = "sa_es.pf_keeps_one", p = pn(p) })
    end
  end
end

if PF then
  local base_deal = PF.deal
  PF.deal = function()
    base_deal()
    L.sa_es_pf_keep()
  end
  -- One secret objective (of either kind) a status phase: sa-en's rule
  -- (no race objective in a step with a secret one); no once-a-game limit
  -- beyond the single card kept.
end

---------------------------------------------------------------------------
-- Dimensional Rifts and Star by Star's blank artifacts.
local SBS = O and O.sbs
if SBS and SBS.blank_found then
  local base_blank = SBS.blank_found
  SBS.blank_found = function(p, s)
    if not opt("dimensional_rifts") then return end
    return base_blank(p, s)
  end
end

-- Blank artifacts found without Star by Star (Dimensional Rifts alone).
function ES.install_rifts_option()
  local B = L.optb
  if not (B and B.sync_artifacts and SBS and SBS.blank_found) then return end
  local base_sync = B.sync_artifacts
  B.sync_artifacts = function(...)
    if not opt("dimensional_rifts") or opt("star_by_star") then return base_sync(...) end
    local empties = {}
    for s = 1, game.num_systems() do
      for _, pl in ipairs(game.planets_of(s)) do
        if B.artifact(pl) == "empty" then empties[#empties + 1] = pl end
      end
    end
    local r = base_sync(...)
    for _, pl in ipairs(empties) do
      local owner = game.planet_owner(pl)
      if B.artifact(pl) == nil and owner then SBS.blank_found(owner, game.planet_system(pl)) end
    end
    return r
  end
end

-- Double-sided wormholes (001 "Grietas Dimensionales", and appendix 4 for the
-- pre-set maps' ones): the token flips every time a fleet enters its
-- system, at once (000: once, at the end of the turn in which a fleet
-- entered). sa-en's movement procedure calls T.entered(s) for the system a
-- fleet moved into, and here a retreat does too (L.sa_retreat.conduct); either
-- flips the token there and then.
local TK = L.sa_tokens
if TK and TK.entered and TK.flip then
  function TK.entered(s)
    if game.get("system", s, "sa_flip_wormhole") then TK.flip(s) end
  end
  -- A retreating fleet enters its destination too (sa-en's R.conduct moves
  -- every retreat and ceasefire withdrawal).
  local R = L.sa_retreat
  if R and R.conduct then
    local base_conduct = R.conduct
    function R.conduct(p, s, t, why)
      local r = base_conduct(p, s, t, why)
      if t then TK.entered(t) end
      return r
    end
  end
end

-- Star by Star: the Muaat home system is never placed next to Mecatol Rex.
-- (sa-en's galaxy building asks SBS.hex_choices for the hexes a tile may go
-- on: hexes next to Mecatol Rex are taken out of the choices for the Muaat
-- home system while others are left.)
if SBS and SBS.hex_choices then
  local base_hexes = SBS.hex_choices
  function SBS.hex_choices(p, tile, hexes)
    if opt("star_by_star") and tile == "muaat_home" then
      local centre = game.find_system and game.find_system("mecatol_rex")
      local ch = centre and game.system(centre).hex
      if ch then
        local keep = {}
        for _, o in ipairs(hexes) do
          if not (o:match("^%-?%d+,%-?%d+$") and game.hex_distance(o, ch) == 1) then keep[#keep + 1] = o end
        end
        if #keep > 0 and #keep < #hexes then hexes = keep end
      end
    end
    return base_hexes(p, tile, hexes)
  end
end

---------------------------------------------------------------------------
-- Pacts.
ES.PACT_FACTOR = 1.5

function ES.team_of(p)
  if not opt("pacts") then return p end
  local half = game.num_players() // 2
  return (p - 1) % half + 1
end

-- Whether q is an opponent of p: another player, not p's other race under
-- Pacts (001 l.210).
function ES.is_opponent(p, q)
  return q ~= p and ES.team_of(q) ~= ES.team_of(p)
end

-- Mentak's Pillage under Pacts: the Mentak's own other race is no other
-- player (001 l.210), so never a target. UNCERTAIN: 001 says nothing of
-- Pillage under Pacts; read so because the two races belong to one player.
local base_may_pillage = L.may_pillage
function L.may_pillage(p, q)
  if game.options.pacts and not ES.is_opponent(p, q) then return false end
  return base_may_pillage(p, q)
end

function ES.team_members(t)
  local out = {}
  for p = 1, game.num_players() do if ES.team_of(p) == t then out[#out + 1] = p end end
  return out
end

function ES.team_vp(t)
  local n = 0
  for _, p in ipairs(ES.team_members(t)) do n = n + game.counter(p, "vp") end
  return n
end

local V = L.sa_victory
if V then
  local base_rank = V.rank
  V.rank = function(cands)
    if not opt("pacts") then return base_rank(cands) end
    -- The team with the most points (then the most planets abroad) wins.
    local best, bv, bp = {}, nil, nil
    local seen = {}
    for _, p in ipairs(cands) do
      local t = ES.team_of(p)
      if not seen[t] then
        seen[t] = true
        local v, n = ES.team_vp(t), 0
        for _, q in ipairs(ES.team_members(t)) do n = n + (V.planets_abroad and V.planets_abroad(q) or 0) end
        if bv == nil or v > bv or (v == bv and n > bp) then best, bv, bp = { t }, v, n
        elseif v == bv and n == bp then best[#best + 1] = t end
      end
    end
    local out = {}
    for _, t in ipairs(best) do for _, q in ipairs(ES.team_members(t)) do out[#out + 1] = q end end
    table.sort(out)
    return out
  end
  local base_end = V.end_if_reached
  V.end_if_reached = function()
    if not opt("pacts") then return base_end() end
    if game.get("game", nil, "winner") then return end
    local goal = L.goal()
    local any = {}
    for t = 1, game.num_players() // 2 do
      if ES.team_vp(t) >= goal then for _, q in ipairs(ES.team_members(t)) do any[#any + 1] = q end end
    end
    if #any == 0 then return end
    V.declare(V.rank(any), "the pact reaches " .. goal .. " vp")
    error({ game_over = true, commit = true }, 0)
  end
end

---------------------------------------------------------------------------
-- The wrappers that must sit above sa-en's (the goal): once every file has
-- loaded.
game.when_loaded(function()
  -- The goal: Ascension x3 (sa-en doubles it), Pacts +50%.
  local base_goal = L.goal
  function L.goal()
    local g = base_goal()
    if opt("ascendancy") then g = (g // 2) * ES.ASC_GOAL_FACTOR end
    if opt("pacts") then g = math.ceil(g * ES.PACT_FACTOR) end
    return g
  end
  -- Spend objectives may be claimed again in the same step (Ascension).
  local base_can = L.can_score
  function L.can_score(p, id)
    local d = game.data.objectives[id]
    if opt("ascendancy") and is_spend(d) and d.kind ~= "secret" then
      local key = "sa_asc_round:" .. id
      local saved = game.get("player", p, key)
      game.put("player", p, key, nil)
      local ok2, res = pcall(base_can, p, id)
      game.put("player", p, key, saved)
      if not ok2 then error(res, 0) end
      return res
    end
    return base_can(p, id)
  end
  ES.install_rifts_option()
end)

-- Setup: checks.
local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  args = args or {}
  if opt("pacts") then
    local n = args.players or 6
    if n % 2 ~= 0 or n < 4 or n > 8 then
      error("Pacts (Pactos): 2 to 4 players with two races each, that is 4, 6 or 8 seats, not " .. tostring(n))
    end
  end
  local r = base_setup(args)
  if opt("pacts") then
    local parts = {}
    for t = 1, game.num_players() // 2 do
      local m = {}
      for _, q in ipairs(ES.team_members(t)) do m[#m + 1] = pn(q) end
      parts[#parts + 1] = table.concat(m, "+")
    end
    game.log({ key = "sa_es.pacts_teams", teams = parts, n = L.goal() })
  end
  return r
end)

-- Shattered Ascension v4.5 (seed 000, first page "Initiation", steps 1-12),
-- on top of the ti3 setup. Data: setup.yaml (sa_setup).
--
-- The ti3 `setup` (game.lua, wrapped by ti3's options_a, options_b and
-- races files) adds the players with their races, builds the galaxy, sets
-- the players up, calls `setup_decks`, picks the speaker, calls
-- `deal_objectives` and opens `setup_done`. This file wraps that chain and
-- replaces the two procedures it owns:
--
--   1) Victory points to win: args.goal (game prop `goal`), otherwise the
--      ti3 goal (10, or 14 with long_game). L.goal reads the prop.
--   2) Seats: the players roll and sit clockwise from the highest roll to the
--      lowest. Players are numbered in seat order, so p1 is the highest
--      roller and the last player the lowest: no dice are needed.
--   3) Two secret objectives each (deal_objectives); one goes back at step 10.
--   4a) From p1 clockwise each player picks any race left or passes.
--   4b) Each player who passed is dealt a random race from those left. He may
--      keep it hidden (until step 10) or reject it and be dealt another; the
--      third race dealt is his and is shown at once. A rejected race is set
--      aside until he has one, then goes back to the races left (our reading:
--      "reject it and draw another" does not say; with 8 players and 14 races
--      the draws would otherwise run out).
--   5) Galaxy creation / home system location bidding: the maps and the
--      bidding of seed appendix 4 belong to rules/n_options2.lua (option
--      sa_home_bidding, sa_preset_* maps). Trade goods such a step hands out
--      before step 7 go through L.sa_setup_tg, so that they are counted in
--      the normalisation. A drafted galaxy (options_b `draft` map) is placed
--      starting with p1, the highest roller, in alternating order
--      (L.draft_placer below).
--   6a) Speaker bid: the lowest roller (the last player) bids first, 0 allowed;
--      then counter-clockwise each player passes (and is out) or bids higher,
--      around the table until one bidder is left. He is speaker; every other
--      player gains trade goods equal to the winning bid. (The later SA
--      rulebook agrees, in its speaker bid section: bidding goes round
--      counter-clockwise, again and again, and each player drops out or
--      raises.) Bids stop at
--      sa_setup.speaker_bid.max.
--   6b) The speaker orients the Rotation Cycler: done by rules/k_victory.lua
--      (which owns the cycler) once setup has run.
--   7) Normalise trade goods: everybody gains or loses the same number so that
--      the poorest player has 1.
--   8) Separate stage I and stage II objective decks (setup_decks): stage I in
--      "deck:public", stage II in "deck:stage2", preliminary objectives in
--      "deck:preliminary". New objectives come from the pile of the current
--      stage (L.reveal_objective): zone "deck:public" is always that pile.
--   9) Face up: every special objective (zone "specials"), 3 stage I and 3
--      stage II objectives (zone "public") and 1 preliminary objective (zone
--      "preliminary"; none in 2-player games, appendix 3). Stage II
--      objectives can be claimed only in stage II, which begins when as many
--      stage I objectives are face up as the victory points needed to win
--      (L.sa_stage; checked whenever an objective is revealed). When stage II
--      begins the remaining stage I cards go to "deck:stage1" and the stage II
--      pile becomes "deck:public".
--   10) Hidden races are revealed; each player puts one of his two secret
--      objectives back into the deck.
--   11) Two political cards each.
--   12) The first strategy phase.
--
-- Scenarios (entry scenario_setup) run a short setup unless args.sa_setup is
-- true: races from args (or random), speaker from args (or random), no
-- bidding, no normalisation (trade goods stay 0), no political cards, and
-- with args.objectives the face-up objectives and one secret objective each
-- (no discard). With args.sa_setup the whole initiation runs (races given in
-- args are not picked; a speaker given in args is not bid for).
local L = game.lib
local S = {}
L.sa_setup = S

local function pn(p) return L.pn(p) end
local function conf(id) return (game.data.sa_setup or {})[id] or {} end

---------------------------------------------------------------------------
-- Step 5 (000 l.25): galaxy creation starts with the highest roller and goes
-- clockwise; without a preset map or Star by Star the order alternates back
-- and forth (l.400 contrasts Star by Star's turns "rotating around the table"
-- with it; the Spanish rulebook, 001 l.25, spells it out): at the end of the
-- table the last player places again and the turns go back counter-clockwise
-- (1, 2, 3, 3, 2, 1, 1, 2, ...). ti3's drafted galaxy places in the order
-- L.draft_placer gives (ti3's default: clockwise every round), and so does the
-- 2-player galaxy of appendix 3 (l.541, tiles placed "normally": 1, 2, 2, 1,
-- ...); the preset maps and Star by Star (l.400: turns rotate around the
-- table) do not use it.
function L.draft_placer(order, turn)
  local n = #order
  local round, i = turn // n, turn % n
  if round % 2 == 1 then return order[n - i] end
  return order[i + 1]
end

---------------------------------------------------------------------------
-- Step 1: the goal.
local base_goal = L.goal
function L.goal()
  return game.get("game", nil, "goal") or base_goal()
end
-- The SA strategy cards (ti3's Shattered Empire set, always in play) do not
-- lower the goal: the SA rulebook's set-up recommends 10 points for a normal
-- game.
function L.strategy_set_goal_change() return 0 end

---------------------------------------------------------------------------
-- Trade goods handed out during setup. Before step 7 they are kept and added
-- when the players have been set up (ti3 setup_player sets every player's
-- trade goods to 0); afterwards they are gained at once.
S.pending_tg = {}
S.tg_ready = false
function L.sa_setup_tg(p, n, why)
  if n == 0 then return end
  if S.tg_ready then
    L.gain_tg(p, n, why)
  else
    S.pending_tg[#S.pending_tg + 1] = { p = p, n = n, why = why }
  end
end

---------------------------------------------------------------------------
-- Step 4: races.
-- The races a player may get: as ti3 (no Shards of the Throne races); a pack
-- that adds or removes races may replace this.
function L.sa_race_pool()
  local out = {}
  for _, id in ipairs(game.keys(game.data.races)) do
    if game.data.races[id].expansion ~= "shards_of_the_throne" then out[#out + 1] = id end
  end
  return out
end

local function remove(list, x)
  for i, v in ipairs(list) do if v == x then table.remove(list, i); return true end end
  return false
end

function S.pick_races(n)
  local pool = L.sa_race_pool()
  if #pool < n then error("not enough races for " .. n .. " players") end
  local chosen, hidden = {}, {}
  -- 4a: choose or pass, from the highest roller clockwise.
  for p = 1, n do
    local opts = { "pass" }
    for _, id in ipairs(pool) do opts[#opts + 1] = id end
    local pick = game.choose(p, { key = "sa.choose_race" }, opts)
    if pick ~= "pass" then
      chosen[p] = pick
      remove(pool, pick)
      game.log({ key = "sa.chooses_race", p = pn(p), race = L.name("races", pick) })
    else
      game.log({ key = "sa.passes_race", p = pn(p) })
    end
  end
  -- 4b: random races for those who passed.
  for p = 1, n do
    if not chosen[p] then
      local aside = {}
      for draw = 1, 3 do
        local r = table.remove(pool, game.random(#pool))
        if draw == 3 then
          chosen[p] = r
          game.log({ key = "sa.third_race", p = pn(p), race = L.name("races", r) })
        elseif game.choose(p, { key = "sa.keep_race", race = L.name("races", r), id = r }, { "keep", "reject" }) == "keep" then
          chosen[p] = r
          hidden[p] = true
          game.log({ key = "sa.keeps_race", p = pn(p) })
        else
          aside[#aside + 1] = r
          game.log({ key = "sa.rejects_race", p = pn(p) })
        end
        if chosen[p] then break end
      end
      for _, r in ipairs(aside) do pool[#pool + 1] = r end
      table.sort(pool)
    end
  end
  return chosen, hidden
end

---------------------------------------------------------------------------
-- Step 6a: the speaker bid. Returns the speaker.
function S.speaker_bid(n)
  local max = conf("speaker_bid").max or 10
  local function ccw(p) return (p - 2) % n + 1 end
  local first = n
  local opts = {}
  for b = 0, max do opts[#opts + 1] = tostring(b) end
  local high, bid = first, tonumber(game.choose(first, { key = "sa.speaker_bid_first" }, opts))
  game.log({ key = "sa.speaker_bids", p = pn(first), n = bid })
  local out = {}
  local p = first
  local guard = 0
  while true do
    guard = guard + 1
    if guard > 1000 then error("the speaker bid did not end") end
    local left = 0
    for q = 1, n do if not out[q] and q ~= high then left = left + 1 end end
    if left == 0 then break end
    p = ccw(p)
    if not out[p] and p ~= high then
      local o = { "pass" }
      for b = bid + 1, max do o[#o + 1] = tostring(b) end
      local pick = game.choose(p, { key = "sa.speaker_bid", q = pn(high), n = bid }, o)
      if pick == "pass" then
        out[p] = true
        game.log({ key = "sa.speaker_pass", p = pn(p) })
      else
        high, bid = p, tonumber(pick)
        game.log({ key = "sa.speaker_bids", p = pn(p), n = bid })
      end
    end
  end
  game.log({ key = "sa.speaker_won", p = pn(high), n = bid })
  S.speaker_bid_tg = bid
  return high, bid
end

-- Step 7.
function S.normalise()
  local low
  for p = 1, game.num_players() do
    local t = game.counter(p, "tg")
    if not low or t < low then low = t end
  end
  local d = 1 - (low or 1)
  if d ~= 0 then
    for p = 1, game.num_players() do game.add(p, "tg", d) end
  end
  local parts = {}
  for p = 1, game.num_players() do parts[#parts + 1] = pn(p) .. "=" .. game.counter(p, "tg") end
  game.log({ key = "sa.tg_normalised", d = (d >= 0 and "+" or "") .. d, counts = table.concat(parts, " ") })
end

---------------------------------------------------------------------------
-- Step 8: the decks.
local function ready(d) return d.script ~= nil and d.expansion ~= "shards_of_the_throne" and not d.replaced_by end
S.ready = ready

-- Objective cards of a kind that go into the SA decks. Preliminary
-- objectives are Shards of the Throne cards (appendix 5) and are kept. Cards
-- that end the game when revealed (Imperium Rex) are left out: SA ends the
-- game on victory points.
function L.sa_objective_ok(d, kind)
  if d.kind ~= kind or not d.script or d.replaced_by then return false end
  if kind ~= "preliminary" and d.expansion == "shards_of_the_throne" then return false end
  if d.ends_game == "most_points" then return false end
  return true
end

procedure("setup_decks", function()
  local n = game.num_players()
  L.deck("deck:actions", "action_cards", ready)
  game.zone_new("discard:actions")
  L.deck("deck:politics", "political_cards", ready)
  game.zone_new("discard:politics")
  L.deck("deck:secrets", "objectives", function(d) return d.kind == "secret" and ready(d) end)
  L.deck("deck:public", "objectives", function(d) return L.sa_objective_ok(d, "stage1") end)
  L.deck("deck:stage2", "objectives", function(d) return L.sa_objective_ok(d, "stage2") end)
  L.deck("deck:preliminary", "objectives", function(d) return L.sa_objective_ok(d, "preliminary") end)
  game.zone_new("deck:stage1")
  game.zone_new("public")
  game.zone_new("specials")
  if game.zone_count("preliminary") == 0 then game.zone_new("preliminary") end
  game.zone_new("discard:preliminary")
  game.zone_new("laws")
  -- The game holds every objective that may be revealed, so that objectives
  -- counting events during a round can listen (as ti3 does).
  for _, z in ipairs({ "deck:public", "deck:stage2", "deck:preliminary" }) do
    for _, c in ipairs(game.zone(z)) do game.grant("game", "objectives", c) end
  end
  for _, id in ipairs(game.keys(game.data.strategy_cards)) do game.put("game", nil, "sc_bonus:" .. id, 0) end
  game.put("game", nil, "objective_stage", 1)
  -- Steps 5-7 end here: the players exist and hold 0 trade goods.
  if S.full then
    for _, x in ipairs(S.pending_tg) do L.gain_tg(x.p, x.n, x.why) end
    S.pending_tg = {}
    if not S.speaker_given then
      local sp, bid = S.speaker_bid(n)
      S.args.speaker = sp
      for q = 1, n do
        if q ~= sp and bid > 0 then L.gain_tg(q, bid, "speaker bid") end
      end
    end
    S.normalise()
  end
  S.tg_ready = true
end)

---------------------------------------------------------------------------
-- Step 9: objectives; stage II.
function L.sa_stage() return game.get("game", nil, "objective_stage") or 1 end

function L.sa_stage1_face_up()
  local n = 0
  for _, c in ipairs(game.zone("public")) do
    local d = game.data.objectives[c]
    if d and d.kind == "stage1" then n = n + 1 end
  end
  return n
end

-- Starts stage II once enough stage I objectives are face up.
function L.sa_check_stage()
  if L.sa_stage() >= 2 then return false end
  local up = L.sa_stage1_face_up()
  if up < L.goal() then return false end
  game.put("game", nil, "objective_stage", 2)
  for _, c in ipairs(game.zone("deck:public")) do game.move_card(c, "deck:public", "deck:stage1") end
  for _, c in ipairs(game.zone("deck:stage2")) do game.move_card(c, "deck:stage2", "deck:public") end
  game.shuffle("deck:public")
  game.log({ key = "sa.stage2_begins", n = up, goal = L.goal() })
  return true
end

-- Reveals the next objective of the current stage (from "deck:public").
function L.reveal_objective()
  local c = game.draw("deck:public", "public", 1)[1]
  if not c then
    game.log({ key = "sa.no_objective_left" })
    return nil
  end
  local d = game.data.objectives[c]
  game.log({ key = "sa.objective_revealed", card = L.name("objectives", c), stage = d.kind == "stage2" and "II" or "I" })
  if d.ends_game == "most_points" then
    game.log({ key = "sa.objective_ends_game", card = L.name("objectives", c) })
    error({ game_over = true, commit = true }, 0)
  end
  L.sa_check_stage()
  return c
end

-- Special objectives laid out face up: those with a script that are claimed
-- in the objectives step. Specials that settle who holds them another way
-- stay out: the Voice of the Council (won by a vote, `elect`) and the
-- artifact specials (no script; options_b hands their points out). A special
-- marked `duel: false` is left out of 2-player games (appendix 3: Magisterial
-- and Imperial).
function L.sa_special_ok(d)
  if d.kind ~= "special" or not d.script or d.replaced_by or d.elect then return false end
  if d.expansion == "shards_of_the_throne" then return false end
  if game.num_players() == 2 and d.duel == false then return false end
  return true
end

local function face_up(from, n, label)
  for _ = 1, n do
    local c = game.draw(from, "public", 1)[1]
    if not c then break end
    game.log({ key = "sa.objective_face_up", stage = label, card = L.name("objectives", c) })
  end
end

-- How many secret objectives each player is dealt (step 3) and keeps
-- (step 10) in a full game; a variant that deals them its own way overrides
-- this.
function L.sa_secret_deal()
  local s = conf("secret_objectives")
  return s.dealt or 2, s.kept or 1
end

procedure("deal_objectives", function()
  local n = game.num_players()
  local duel = n == 2
  local secrets_dealt, secrets_kept = L.sa_secret_deal()
  local up = conf("public_objectives")
  -- Step 3 (not in 2-player games, appendix 3).
  if not duel then
    local dealt = S.full and secrets_dealt or 1
    for p = 1, n do L.draw("deck:secrets", nil, "secrets:" .. p, dealt) end
  end
  -- Step 9.
  local specials = {}
  for _, c in ipairs(game.zone("specials")) do specials[#specials + 1] = c end
  for _, id in ipairs(game.keys(game.data.objectives)) do
    local d = game.data.objectives[id]
    if L.sa_special_ok(d) then
      specials[#specials + 1] = id
      game.grant("game", "objectives", id)
      game.log({ key = "sa.special_face_up", card = L.name("objectives", id) })
    end
  end
  game.zone_new("specials", nil, specials)
  face_up("deck:public", up.stage1 or 3, "I")
  face_up("deck:stage2", up.stage2 or 3, "II")
  -- One preliminary objective, unless another part of the pack has already
  -- laid one out.
  if not duel and game.zone_count("preliminary") == 0 then
    for _ = 1, (up.preliminary or 1) do
      local c = game.draw("deck:preliminary", "preliminary", 1)[1]
      if c then game.log({ key = "sa.preliminary_face_up", card = L.name("objectives", c) }) end
    end
  end
  L.sa_check_stage()
  -- Step 10: each player keeps one secret objective; the other is shuffled back.
  if S.full and not duel then
    local keep = secrets_kept
    for p = 1, n do
      while game.zone_count("secrets:" .. p) > keep do
        local hand = {}
        for _, c in ipairs(game.zone("secrets:" .. p)) do hand[#hand + 1] = c end
        table.sort(hand)
        local c = game.choose(p, { key = "sa.secret_put_back" }, hand)
        game.move_card(c, "secrets:" .. p, "deck:secrets")
        game.log({ key = "sa.secret_put_back_log", p = pn(p) })
      end
    end
    game.shuffle("deck:secrets")
  end
end)

---------------------------------------------------------------------------
-- SA has its own home-system rule for victory points (rules/k_victory.lua),
-- not TI3's bar on claiming objectives without the home system.
function L.scoring_needs_home(p, d) return false end

-- Stage II objectives are claimed only in stage II.
local base_can = L.can_score
function L.can_score(p, id)
  local d = game.data.objectives[id]
  if d and d.kind == "stage2" and L.sa_stage() < 2 then return false end
  return base_can(p, id)
end

-- What rules/b_general.lua installs when setup starts.
local installed = false
function S.install()
  if installed then return end
  installed = true
  if L.sa_general_install then L.sa_general_install() end
end

-- Scenarios say so.
local base_scenario = game.procedure_fn("scenario_setup")
procedure("scenario_setup", function(args)
  args.sa_scenario = true
  return base_scenario(args)
end)

-- ti3 logs each player's race as it seats the players: a hidden race is
-- not named there.
local base_seat_line = L.seat_line
function L.seat_line(p, coll, id)
  if S.hidden and S.hidden[p] then return { key = "sa.seated_hidden", p = pn(p) } end
  return base_seat_line(p, coll, id)
end

game.when_loaded(S.install)

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  args = args or {}
  S.args = args
  S.full = (not args.sa_scenario) or (args.sa_setup and true or false)
  S.speaker_given = args.speaker ~= nil
  S.pending_tg, S.tg_ready, S.hidden = {}, false, {}
  if args.goal then game.put("game", nil, "goal", args.goal) end
  local n = args.players or 6
  if S.full and not (args.races or args.factions) then
    local chosen, hidden = S.pick_races(n)
    args.races, S.hidden = chosen, hidden
  end
  -- A drafted galaxy is placed from the highest roller on (options_b uses
  -- args.speaker as the first placer; step 6a picks the speaker later).
  local m = args.map and game.data.maps[args.map]
  if m and m.drafted and not args.speaker and S.full then args.speaker = 1 end
  local r = base_setup(args)
  if S.full then
    -- Step 10: hidden races are shown.
    for p = 1, n do
      if S.hidden[p] then game.log({ key = "sa.reveals_race", p = pn(p), race = L.name("races", game.get("player", p, "faction")) }) end
    end
    -- Step 11.
    local pc = conf("political_cards").dealt or 2
    for p = 1, n do
      local got = L.draw("deck:politics", "discard:politics", "politics:" .. p, pc)
      game.log({ key = #got == 1 and "sa.draws_political_card" or "sa.draws_political_cards", p = pn(p), n = #got })
    end
  end
  return r
end)

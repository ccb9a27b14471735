-- Shattered Ascension, Spanish rulebook (seed 001 "Opción de Juego:
-- Pactos"): the parts of the Pacts option that es_options.lua leaves out.
-- There every race is a seat of its own and seats p and p + n/2 make one
-- player (ES.team_of); the seat asked a question answers for its player.
--
--   * Step 3 and step 10 (secret objectives; full setup only, as sa-en
--     deals and discards them only there): each player gets one secret
--     objective more than usual, so three with 001's two; at step 10 he
--     gives one to each of his races and puts the third back. Here each
--     race is dealt one card in the usual step 3, the player draws the rest
--     of his three into his first race's hand, and at step 10 his first seat
--     (the lower number) picks the card of each race. The third card goes
--     back into the deck, as the unkept card of an ordinary setup does in
--     this pack (001 says "discard" for both). Political cards are already
--     dealt to each race (each seat) by the ordinary step 11.
--   * Strategy phase: a player picks one card at a time, gives it to
--     whichever of his races he likes (one that still has a card to pick),
--     and the pick passes to the next player; the selection goes round again
--     until every race has its cards. Players take their turns in rotation
--     order from the speaker (the order of the first of their races in it).
--     UNCERTAIN: each race picks as many cards as the table gives for the
--     number of races (sa-en's count for that many seats, as before); 001
--     only says the selection "continues for another round". Bonus counters
--     on a card go to the race that gets it.
--   * Step 5 (home system bidding on a preset map): only one race of each
--     player is auctioned at a time. UNCERTAIN reading: two auctions, first
--     the players' first races (seats 1 .. n/2) for all the home locations,
--     then their second races for those left, each run as sa-en's auction
--     (rules/n_options2.lua O.home_bidding), starting with the first
--     bidder's race; then the trade goods are evened out over all the
--     races together (each gains the highest bid of all less its own), as
--     one auction would.
--   * Opponents are the other players, not one's other race (001 l.210): in
--     round 1 a race may activate its partner race's home system (l.59 bars
--     enemy home systems only), through ti3's A.is_home_of_other; Colonists
--     go to an opponent (es_rules_c.lua, ES.is_opponent); with Crimson Suns
--     war is declared on opponents only (sa-en's CS.may_declare); the
--     progression feedback compares players (V.feedback below); Mentak's
--     Pillage takes from opponents only (effects/races/mentak_pillage.lua);
--     Peaceful Annexation is barred in enemy home systems only
--     (effects/cards_a/diplomacy_ii.lua); a home system held by the other
--     race is not occupied (es_victory.lua); only an opponent takes Natural
--     Wealth on invading (es_rules_c.lua).
--   * Still not modelled: one person deciding for both seats (each seat
--     answers its own questions outside the cases above).
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES
local P = {}
ES.pacts = P

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end

-- Crimson Suns (001 l.220): war is declared on opponents, never on one's
-- partner race.
local CS = L.sa_opt1 and L.sa_opt1.cs
if CS and CS.may_declare then
  local base_may_declare = CS.may_declare
  function CS.may_declare(p, q)
    if opt("pacts") and ES.is_opponent and not ES.is_opponent(p, q) then return false end
    return base_may_declare(p, q)
  end
end

-- Round 1: the partner race's home system is no enemy home system.
local A = L.opta
if A and A.is_home_of_other then
  local base_home_of_other = A.is_home_of_other
  function A.is_home_of_other(p, s)
    if not (opt("pacts") and ES.is_opponent) then return base_home_of_other(p, s) end
    for q = 1, game.num_players() do
      if ES.is_opponent(p, q) and L.home(q) == s then return true end
    end
    return false
  end
end

local function sorted_zone(z)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone(z)) do
    if not seen[c] then seen[c] = true; out[#out + 1] = c end
  end
  table.sort(out)
  return out
end

-- The seats of team t, lower number first.
local function seats_of(t)
  local out = ES.team_members and ES.team_members(t) or { t }
  table.sort(out)
  return out
end

---------------------------------------------------------------------------
-- Steps 3 and 10: secret objectives.
P.EXTRA_SECRETS = 1

function P.assign_secrets(per_player)
  local half = game.num_players() // 2
  -- Every player's extra cards first (step 3), then the choices (step 10):
  -- a card put back is not drawn again.
  for t = 1, half do
    local seats = seats_of(t)
    local first = seats[1]
    local have = 0
    for _, q in ipairs(seats) do have = have + game.zone_count("secrets:" .. q) end
    local extra = per_player - have
    if extra > 0 then
      local got = L.draw("deck:secrets", nil, "secrets:" .. first, extra)
      game.log({ key = #got == 1 and "sa_es.pacts_draws_secret" or "sa_es.pacts_draws_secrets", p = pn(first), n = #got })
    end
  end
  for t = 1, half do
    local seats = seats_of(t)
    local first = seats[1]
    local pool = {}
    for _, q in ipairs(seats) do
      for _, c in ipairs(sorted_zone("secrets:" .. q)) do pool[#pool + 1] = { c = c, z = "secrets:" .. q } end
    end
    table.sort(pool, function(a, b) return a.c < b.c end)
    for _, q in ipairs(seats) do
      if #pool == 0 then break end
      local opts = {}
      for _, x in ipairs(pool) do opts[#opts + 1] = x.c end
      local pick = game.choose(first, { key = "sa_es.pacts_secret_for", q = pn(q) }, opts)
      for i, x in ipairs(pool) do
        if x.c == pick then
          if x.z ~= "secrets:" .. q then game.move_card(x.c, x.z, "secrets:" .. q) end
          table.remove(pool, i)
          break
        end
      end
      game.log({ key = "sa_es.pacts_gets_secret", p = pn(q), q = pn(first) })
    end
    for _, x in ipairs(pool) do
      game.move_card(x.c, x.z, "deck:secrets")
      game.log({ key = "sa.secret_put_back_log", p = pn(first) }
)
    end
  end
  game.shuffle("deck:secrets")
end

-- With Pacts the usual deal gives one card for each race and none is put
-- back in step 10 ...
local base_secret_deal = L.sa_secret_deal
function L.sa_secret_deal()
  if opt("pacts") and game.num_players() > 2 then return 1, 1 end
  return base_secret_deal()
end

local base_deal = game.procedure_fn("deal_objectives")
procedure("deal_objectives", function(...)
  local SS = L.sa_setup
  if not (opt("pacts") and SS and SS.full and game.num_players() > 2) then return base_deal(...) end
  local r = table.pack(base_deal(...))
  -- ... then the player's own step 10.
  P.assign_secrets(base_secret_deal() + P.EXTRA_SECRETS)
  return table.unpack(r, 1, r.n)
end)

---------------------------------------------------------------------------
-- Strategy phase: one card a turn, to either race, then the next player.
local S = L.sa_strategy

local function banned(q, id)
  local d = game.data.strategy_cards[id]
  return d.no_repeat and game.get("player", q, "no_repeat") == id
end

-- As sa-en's strategy phase hands a picked card to a seat.
function P.give_card(q, id)
  game.put("game", nil, "sc_owner:" .. id, q)
  game.put("game", nil, "sc_used:" .. id, false)
  local bonus = game.get("game", nil, "sc_bonus:" .. id) or 0
  game.log({ key = bonus > 0 and "sa.takes_card_bonus" or "sa.takes_card", p = pn(q), card = L.name("strategy_cards", id), n = bonus })
  if bonus > 0 then
    game.put("game", nil, "sc_bonus:" .. id, 0)
    L.take_bonus(q, id, bonus)
  end
  local h = game.data.strategy_cards[id].handler
  if type(h) == "table" and h.chosen then h.chosen(q, game.data.strategy_cards[id]) end
end

function P.pick_cards(picks)
  local order, need, teams, seen = {}, {}, {}, {}
  for _, p in ipairs(L.order_from(L.speaker())) do
    if S.in_game(p) then
      order[#order + 1] = p
      need[p] = picks
      local t = ES.team_of(p)
      if not seen[t] then seen[t] = true; teams[#teams + 1] = t end
    end
  end
  local function open_seats(t)
    local out = {}
    for _, p in ipairs(order) do if ES.team_of(p) == t and need[p] > 0 then out[#out + 1] = p end end
    return out
  end
  while true do
    local any = false
    for _, t in ipairs(teams) do
      local seats = open_seats(t)
      if #seats > 0 then
        local free = {}
        for _, id in ipairs(L.sc_ids()) do
          if not game.get("game", nil, "sc_owner:" .. id) then
            local ok = false
            for _, q in ipairs(seats) do if not banned(q, id) then ok = true end end
            if ok then free[#free + 1] = id end
          end
        end
        if #free == 0 then
          for _, q in ipairs(seats) do need[q] = 0 end
        else
          any = true
          local asker = seats[1]
          local id = game.choose(asker, { key = "sa.choose_strategy_card" }, L.strategy_card_choices(asker, free))
          local to = {}
          for _, q in ipairs(seats) do if not banned(q, id) then to[#to + 1] = q end end
          local q = to[1]
          if #to > 1 then
            local opts = {}
            for _, x in ipairs(to) do opts[#opts + 1] = pn(x) end
            local ans = game.choose(asker, { key = "sa_es.pacts_give_card_to", card = L.name("strategy_cards", id), id = id }, opts)
            for _, x in ipairs(to) do if pn(x) == ans then q = x end end
          end
          P.give_card(q, id)
          need[q] = need[q] - 1
        end
      end
    end
    if not any then break end
  end
end

if S and S.pick_cards then
  -- sa-en's phase announces the picks and then hands them to S.pick_cards;
  -- with Pacts the picks go round the players, each pick for one of his races.
  local base_pick = S.pick_cards
  S.pick_cards = function(order, picks)
    if not opt("pacts") then return base_pick(order, picks) end
    P.pick_cards(picks)
  end
end

---------------------------------------------------------------------------
-- Step 5: home system bidding, one race of each player at a time.
local O2 = L.sa_opt2

-- One auction among `seats` (bidding in that order, from seats[start]) for
-- the home locations not in `taken`; fills flag[p] (index in homes) and
-- value[p] (the bid), marks the locations won as taken.
function P.auction(seats, homes, taken, flag, value, start)
  local n = #seats
  local holder, bid_on = {}, {}
  local placed, turn, guard = 0, 0, 0
  while placed < n do
    guard = guard + 1
    if guard > 10000 then error("home system bidding did not end") end
    local p = seats[((start - 1 + turn) % n) + 1]
    turn = turn + 1
    if not flag[p] then
      local opts, state = {}, {}
      for k, h in ipairs(homes) do
        if not taken[k] then
          if not holder[k] then
            opts[#opts + 1] = h
            state[#state + 1] = h .. " free"
          else
            state[#state + 1] = h .. " " .. pn(holder[k]) .. ":" .. bid_on[k]
            if bid_on[k] < O2.MAX_BID then opts[#opts + 1] = h end
          end
        end
      end
      local pick = game.choose(p, { key = "sa.hb_bid_on", state = state }, opts)
      local k
      for i, h in ipairs(homes) do if h == pick and not taken[i] then k = i end end
      local low = holder[k] and (bid_on[k] + 1) or 0
      local amounts = {}
      for v = low, O2.MAX_BID do amounts[#amounts + 1] = tostring(v) end
      local bid = tonumber(game.choose(p, { key = "sa.hb_amount", hex = pick }, amounts))
      if holder[k] then
        local prev = holder[k]
        flag[prev] = nil
        placed = placed - 1
        game.log({ key = "sa.hb_outbids", p = pn(p), q = pn(prev), hex = pick, n = bid })
      else
        game.log({ key = "sa.hb_bids", p = pn(p), n = bid, hex = pick })
      end
      holder[k], bid_on[k], flag[p] = p, bid, k
      placed = placed + 1
    end
  end
  for _, p in ipairs(seats) do
    taken[flag[p]] = true
    value[p] = bid_on[flag[p]]
  end
end

function P.home_bidding(homes)
  local n = game.num_players()
  if #homes < n then error("home system bidding: the map has " .. #homes .. " home locations for " .. n .. " races") end
  local half = n // 2
  local first = game.get("game", nil, "sa_first_bidder") or 1
  local start = ES.team_of(first)
  local flag, value, taken = {}, {}, {}
  for round = 1, 2 do
    local seats, names = {}, {}
    for t = 1, half do
      local q = seats_of(t)[round]
      if q then seats[#seats + 1] = q; names[#names + 1] = pn(q) end
    end
    if #seats > 0 then
      game.log({ key = round == 1 and "sa_es.hb_pacts_first_races" or "sa_es.hb_pacts_second_races", list = names, p = pn(seats[math.min(start, #seats)]) })
      P.auction(seats, homes, taken, flag, value, math.min(start, #seats))
    end
  end
  local top = 0
  for p = 1, n do top = math.max(top, value[p]) end
  for p = 1, n do
    local gain = top - value[p]
    game.put("player", p, "sa_home_bid", value[p])
    game.put("player", p, "sa_home_bid_tg", gain)
    game.log({ key = "sa.hb_starts", p = pn(p), hex = homes[flag[p]], n = value[p] })
    if gain > 0 then
      if L.sa_setup_tg and L.sa_setup and L.sa_setup.full then L.sa_setup_tg(p, gain, "home system bidding")
      else O2.pending_tg[#O2.pending_tg + 1] = { p = p, n = gain } end
    end
  end
  return flag
end

if O2 and O2.home_bidding then
  local base_hb = O2.home_bidding
  function O2.home_bidding(homes)
    if not opt("pacts") then return base_hb(homes) end
    return P.home_bidding(homes)
  end
end

-- Progression feedback (001 l.148-149) under Pacts: the player with the most
-- victory points is a player of two races (l.211: the two races' points
-- together win), and the second place is his best opponent (l.210), never his
-- own other race. The lead is the difference of the two players' totals.
-- UNCERTAIN: 001 does not say which race takes the trade goods; here the
-- leading player's race with the most points (the lower seat on a tie).
local V = L.sa_victory
if V and V.feedback then
  local base_feedback = V.feedback
  function V.feedback()
    if not (opt("pacts") and ES.team_vp and game.num_players() >= 4) then return base_feedback() end
    local teams, seen = {}, {}
    for p = 1, game.num_players() do
      local t = ES.team_of(p)
      if not seen[t] then seen[t] = true; teams[#teams + 1] = t end
    end
    table.sort(teams, function(a, b)
      local va, vb = ES.team_vp(a), ES.team_vp(b)
      if va ~= vb then return va > vb end
      return a < b
    end)
    local lead = ES.team_vp(teams[1]) - ES.team_vp(teams[2])
    if lead <= 0 then return end
    local first
    for _, p in ipairs(ES.team_members(teams[1])) do
      if not first or game.counter(p, "vp") > game.counter(first, "vp") then first = p end
    end
    local tg = opt("ascendancy") and math.ceil(lead / 2) or lead
    L.gain_tg(first, tg, "progression feedback: " .. lead .. " vp ahead")
  end
end

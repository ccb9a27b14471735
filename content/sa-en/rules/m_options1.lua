-- Shattered Ascension v4.5 (seed 000, lines 327-438), game options part 1.
-- Each is a pack option (options_1.yaml):
--   * twilight_council   The Assembly system: Twilight Council, with the
--                        seed's modified action cards
--   * ascendancy         Ascendancy, with its Bureaucracy mod (the racial
--                        upgrade discount and the progression feedback are
--                        read by rules/i_races.lua and rules/k_victory.lua,
--                        and the home-system penalty of 6 by k_victory.lua)
--   * star_by_star       Star by Star galaxy building, its neighbour and
--                        artifact rules, blank artifacts -> wormhole tokens
--   * ancient_empire     The Ancient Empire (Distant Suns face up)
--   * smoke_and_mirrors  Smoke & Mirrors (covert objectives)
--   * crimson_suns       Crimson Suns (war declarations)
--   * paths_of_fate      Paths of Fate (race-specific objectives)
--
-- Hooking in: every wrapper is registered when this file loads, on top of
-- what the ti3 files and the sa-en files loaded before this one put in
-- place, and hands over to the wrapped code when its option is off. Claims of covert, racial and
-- extra Ascendancy objectives go through the claim hooks of
-- rules/k_victory.lua (L.sa_victory.claim_hooks).
--
-- The seed is the authority. Where it is silent we say what we chose
-- (UNCERTAIN) or take the later SA rulebook (SA_Rulebook.md, "later SA").
local L = game.lib
local O = {}
L.sa_opt1 = O

local function opt(id) return game.options[id] end
local function round_no() return game.get("game", nil, "round") or 0 end
local function pn(p) return L.pn(p) end

local function contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

local function remove_value(list, x)
  for i, v in ipairs(list) do if v == x then table.remove(list, i); return true end end
  return false
end

local function copy(list)
  local out = {}
  for i, v in ipairs(list or {}) do out[i] = v end
  return out
end

-- The distinct cards of a zone, sorted.
local function hand(zone)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone(zone)) do
    if not seen[c] then seen[c] = true; out[#out + 1] = c end
  end
  table.sort(out)
  return out
end

local function sorted(list)
  local out = copy(list)
  table.sort(out)
  return out
end

-- (ti3's helpers, options_a.lua: wrap a procedure; run and undo.)
local wrap, guarded = L.wrap_procedure, L.guarded

-- Whether strategy card `id` is the named card (by id, or by printed name
-- for a pack that renames the id).
local function is_card(id, want)
  if id == want then return true end
  local d = id and game.data.strategy_cards[id]
  return d ~= nil and type(d.name) == "string" and d.name:lower() == want
end

-- Players still in the game (rules/d_strategy.lua: surrendered players are
-- left out of votes and agendas).
local function in_game(p)
  if L.sa_in_game then return L.sa_in_game(p) end
  return true
end

-- A number of an option (options_1.yaml, sa_options_1.<option>.<key>).
local function R(option, key, default)
  local t = game.data.sa_options_1 and game.data.sa_options_1[option]
  local v = t and t[key]
  if v == nil then return default end
  return v
end

-- A 2-player game (appendix 3 changes the council).
local function duel() return game.num_players() == 2 end

local function limits(p)
  if L.enforce_action_limit then L.enforce_action_limit(p) end
  L.sa_politics_limit(p)
end

-- Lets the holder of an action card play it now. `cards` maps card id ->
-- { when = fn(q) -> bool, run = fn(q) }. Offered from `first` on in
-- rotation; a card cancelled by another effect (e.g. Sabotage) does nothing.
local function offer_cards(first, cards, ctx)
  if game.get("game", nil, "ac_lock") then return end
  for _, q in ipairs(L.order_from(first)) do
    for _, c in ipairs(game.keys(cards)) do
      local e = cards[c]
      if contains(game.zone("actions:" .. q), c) and L.may_play_action_card(q, c, ctx) and (not e.when or e.when(q)) then
        if game.choose(q, { key = "sa.tc_play_card", card = L.name("action_cards", c), id = c }, { "no", "yes" }) == "yes" then
          local ok = game.call("play_optional", q, "action_cards", c, ctx or {})
          if ok ~= false then e.run(q) end
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- THE TWILIGHT COUNCIL (option twilight_council; seed "The Assembly system:
-- Twilight Council" and the Assembly lines of appendix 1).
--   * As each strategy phase begins, every player (from the speaker, in
--     rotation) shows one political card from his hand as his agenda, or
--     keeps the one he shows, or shows a random card from the deck (appendix
--     1). Each player shows one at a time; a player who changes takes the old
--     one back into his hand (UNCERTAIN: the seed only says agendas "may be
--     changed"; later SA also has them taken back). With fewer than 5
--     players in the game (not counting those who left it), 5 - n random
--     cards of the deck are shown too; those leave in
--     the status phase. The council is zone "sa_council"; player prop
--     sa_agenda names a player's agenda; game prop sa_council_random lists
--     the random ones.
--   * Assembly's primary becomes: draw 2 action cards and 2 political
--     cards, then (a) take the speaker token and pick three agendas of other
--     players (the random ones count as other players'; fewer if there are
--     fewer), or (b) give the speaker token to another player, pick any
--     agenda, then up to three more agendas, each included or discarded.
--     Option (a) is open to the speaker too (appendix 1). The holder then
--     orders the included agendas (the "visible enforcement order").
--   * Then any player, from the holder in rotation (the first who wants to),
--     may spend a strategy command counter to add the Voice of the Council
--     election (not in round 1; appendix 1). It is an "elect player" vote
--     resolved after the agendas (later SA; the seed gives no place).
--   * Every player writes down his votes at once: his votes (L.votes, the
--     window sa_council_votes may change them) split among the agendas, one
--     outcome each; not all need be used (later SA). Casting any vote
--     exhausts all his ready planets (as the TI3 vote step does).
--   * The seed's modified action cards are offered at their timing
--     (sa_council_cards in options_1.yaml); then, agenda by agenda in order,
--     the votes are revealed and the agenda resolved: most votes win, the
--     speaker breaks ties, an agenda with no vote is discarded unresolved.
--   * In 2-player games (seed appendix 3, which changes this procedure):
--     option (a) may take the holder's own agenda as well once the
--     opponent's is taken; option (b) gives the holder 3 more votes; once
--     the agendas are set everyone adds the lowest of three dice to his votes;
--     votes may be bought for 1 trade good each, written down with the
--     others. (The Voice of the Council's 3 votes instead of 5 are
--     rules/n_options2.lua's.)
local COUNCIL = "sa_council"
local TC = {}
O.tc = TC

local function pol_name(c) return L.name("political_cards", c) end

function TC.agenda_of(p) return game.get("player", p, "sa_agenda") end

function TC.owner(c)
  for p = 1, game.num_players() do
    if game.get("player", p, "sa_agenda") == c then return p end
  end
  return nil
end

function TC.random_list() return game.get("game", nil, "sa_council_random") or {} end

-- A council card stops being anybody's agenda (it is voted on or discarded).
function TC.release(c)
  local o = TC.owner(c)
  if o then game.put("player", o, "sa_agenda", nil) end
  local list = TC.random_list()
  if remove_value(list, c) then game.put("game", nil, "sa_council_random", list) end
end

function TC.discard(c, why)
  TC.release(c)
  game.move_card(c, COUNCIL, "discard:politics")
  game.log({ key = why and "sa.tc_agenda_discarded_why" or "sa.tc_agenda_discarded", card = pol_name(c), why = why })
end

local function from_deck(to)
  return L.draw("deck:politics", "discard:politics", to, 1)[1]
end

-- One player shows (or keeps) his agenda.
function TC.show_one(p)
  local cur = TC.agenda_of(p)
  local opts = {}
  if cur then opts[#opts + 1] = "keep" end
  for _, c in ipairs(hand("politics:" .. p)) do opts[#opts + 1] = c end
  opts[#opts + 1] = "random"
  local pick = game.choose(p, { key = cur and "sa.tc_agenda_to_show_now" or "sa.tc_agenda_to_show", card = cur and pol_name(cur) }, opts)
  if pick == "keep" then
    game.log({ key = "sa.tc_keeps_agenda", p = pn(p), card = pol_name(cur) })
    return
  end
  if cur then
    game.move_card(cur, COUNCIL, "politics:" .. p)
    game.put("player", p, "sa_agenda", nil)
    game.log({ key = "sa.tc_takes_back_agenda", p = pn(p), card = pol_name(cur) })
  end
  local c = pick
  if pick == "random" then c = from_deck(COUNCIL) else game.move_card(c, "politics:" .. p, COUNCIL) end
  if c then
    game.put("player", p, "sa_agenda", c)
    game.log({ key = pick == "random" and "sa.tc_shows_agenda_random" or "sa.tc_shows_agenda", p = pn(p), card = pol_name(c) })
  end
  limits(p)
end

function TC.show_agendas()
  -- The players still in the game (those who surrendered or were
  -- eliminated no longer count, as for the strategy cards).
  local n = 0
  for p = 1, game.num_players() do if in_game(p) then n = n + 1 end end
  for _, p in ipairs(L.order_from(L.speaker())) do
    if in_game(p) then TC.show_one(p) end
  end
  local size = R("twilight_council", "council_size", 5)
  if n < size then
    local list = TC.random_list()
    for _ = 1, size - n do
      local c = from_deck(COUNCIL)
      if c then
        list[#list + 1] = c
        game.log({ key = "sa.tc_council_random_agenda", card = pol_name(c) })
      end
    end
    game.put("game", nil, "sa_council_random", list)
  end
end

function TC.drop_random()
  for _, c in ipairs(TC.random_list()) do
    if game.move_card(c, COUNCIL, "discard:politics") then
      game.log({ key = "sa.tc_random_agenda_leaves", card = pol_name(c) })
    end
  end
  game.put("game", nil, "sa_council_random", {})
end

-- Appendix 3's changes to the Assembly primary apply (2 players; a variant
-- may turn them off: sa_options_1.twilight_council.duel_assembly).
local function duel_assembly() return duel() and R("twilight_council", "duel_assembly", true) end

-- The Assembly primary.
function TC.primary(p)
  local na, np = R("twilight_council", "action_cards", 2), R("twilight_council", "political_cards", 2)
  L.draw("deck:actions", "discard:actions", "actions:" .. p, na)
  L.draw("deck:politics", "discard:politics", "politics:" .. p, np)
  local key
  if na == 1 then key = np == 1 and "sa.tc_draws_1_1" or "sa.tc_draws_1_n"
  else key = np == 1 and "sa.tc_draws_n_1" or "sa.tc_draws_n_n" end
  game.log({ key = key, p = pn(p), n = na, m = np })
  limits(p)
  local picks = R("twilight_council", "agendas", 3)
  if game.num_players() <= R("twilight_council", "small_players", 4) then picks = R("twilight_council", "agendas_small", picks) end
  local modes = { "take the speaker token" }
  if R("twilight_council", "speaker_may_give", true) or L.speaker() ~= p then modes[#modes + 1] = "give the speaker token" end
  local mode = game.choose(p, { key = "sa.tc_mode" }, modes)
  local chosen = {}
  if mode == "take the speaker token" then
    game.put("game", nil, "speaker", p)
    game.log({ key = "sa.takes_speaker", p = pn(p) })
    local cands = {}
    for _, c in ipairs(hand(COUNCIL)) do
      if TC.owner(c) ~= p then cands[#cands + 1] = c end
    end
    -- 2 players (appendix 3): his own agenda too, once the opponent's is in.
    local own = TC.agenda_of(p)
    local opp_agenda
    if duel_assembly() then
      for q = 1, game.num_players() do if q ~= p then opp_agenda = TC.agenda_of(q) end end
    end
    local n = math.min(picks, #cands + ((duel_assembly() and own and opp_agenda) and 1 or 0))
    for k = 1, n do
      local opts = copy(cands)
      if duel_assembly() and own and opp_agenda and contains(chosen, opp_agenda) and not contains(chosen, own) then
        opts[#opts + 1] = own
        table.sort(opts)
      end
      if #opts == 0 then break end
      local c = game.choose(p, { key = "sa.tc_agenda_to_vote_k", k = k, n = n }, opts)
      remove_value(cands, c)
      chosen[#chosen + 1] = c
      game.log({ key = "sa.agenda_put", p = pn(p), card = pol_name(c) })
    end
  else
    local others = {}
    for q = 1, game.num_players() do if q ~= p and in_game(q) then others[#others + 1] = pn(q) end end
    local q = tonumber(game.choose(p, { key = "sa.tc_new_speaker" }, others):sub(2))
    game.put("game", nil, "speaker", q)
    game.log({ key = "sa.tc_gives_speaker", p = pn(p), q = pn(q) })
    local rest = hand(COUNCIL)
    if #rest > 0 then
      local c = game.choose(p, { key = "sa.tc_agenda_to_vote" }, rest)
      remove_value(rest, c)
      chosen[#chosen + 1] = c
      game.log({ key = "sa.agenda_put", p = pn(p), card = pol_name(c) })
      for k = 1, picks do
        if #rest == 0 then break end
        local opts = { "done" }
        for _, x in ipairs(rest) do opts[#opts + 1] = x end
        local c2 = game.choose(p, { key = "sa.tc_another_agenda", k = k, n = picks }, opts)
        if c2 == "done" then break end
        remove_value(rest, c2)
        if game.choose(p, { key = "sa.tc_include_agenda", card = pol_name(c2), id = c2 }, { "include", "discard" }) == "include" then
          chosen[#chosen + 1] = c2
          game.log({ key = "sa.tc_also_puts", p = pn(p), card = pol_name(c2) })
        else
          TC.discard(c2, pn(p) .. "'s Twilight Council")
        end
      end
    end
  end
  TC.agendas_chosen(p, chosen)
  -- The enforcement order.
  local ordered = {}
  while #chosen > 1 do
    local c = game.choose(p, { key = "sa.tc_agenda_next" }, sorted(chosen))
    remove_value(chosen, c)
    ordered[#ordered + 1] = c
  end
  if chosen[1] then ordered[#ordered + 1] = chosen[1] end
  -- 2 players (appendix 3): option b) gives its holder 3 more votes.
  local bonus = {}
  if duel_assembly() and mode == "give the speaker token" then bonus[p] = 3 end
  TC.vote(p, ordered, bonus)
end

-- Once the Assembly holder has chosen the agendas (a hook for variants: they
-- may still be taken out of `chosen`).
function TC.agendas_chosen(p, chosen) end

local function item_def(it) return game.data[it.coll][it.id] end
local function item_name(it) return L.name(it.coll, it.id) end

-- The modified action cards (seed lines 364-380), by timing.
local function council_cards(st, timing)
  local E = {}
  local function political()
    local out = {}
    for _, it in ipairs(st.items) do if it.coll == "political_cards" then out[#out + 1] = it.id end end
    table.sort(out)
    return out
  end
  local function index_of(id)
    for i, it in ipairs(st.items) do if it.id == id then return i end end
  end
  local function players()
    local out = {}
    for q = 1, game.num_players() do out[#out + 1] = pn(q) end
    return out
  end
  -- Veto: an included agenda is discarded before the votes are written.
  E.veto = {
    when = function() return #political() > 0 end,
    run = function(q)
      local c = game.choose(q, { key = "sa.tc_veto" }, political())
      table.remove(st.items, index_of(c))
      TC.discard(c, "Veto")
    end,
  }
  -- Determine Policy: a card of the deck replaces a chosen agenda (the
  -- Assembly holder picks which); the replaced one is discarded. The deck
  -- is shuffled afterwards (the player has looked through it).
  E.determine_policy = {
    when = function() return #political() > 0 and game.zone_count("deck:politics") > 0 end,
    run = function(q)
      local new = game.choose(q, { key = "sa.tc_policy_card" }, hand("deck:politics"))
      local old = game.choose(st.active, { key = "sa.tc_policy_replaces", card = pol_name(new), id = new }, political())
      local i = index_of(old)
      game.move_card(new, "deck:politics", COUNCIL)
      game.shuffle("deck:politics")
      st.items[i] = { coll = "political_cards", id = new }
      TC.discard(old, "replaced by " .. pol_name(new))
      game.log({ key = "sa.tc_put_instead", card = pol_name(new) })
    end,
  }
  -- Thugs: a player takes no part in any voting this round.
  E.thugs = {
    run = function(q)
      local t = tonumber(game.choose(q, { key = "sa.tc_thugs" }, players()):sub(2))
      st.alloc[t] = nil
      game.put("player", t, "sa_thugs_round", round_no())
      game.log({ key = "sa.tc_thugs_done", p = pn(t) })
    end,
  }
  -- Fantastic Rhetoric: 10 more votes, all on one agenda. Only an agenda
  -- with an outcome to vote for can take them (Revote with no law in play
  -- has none), unless the player already voted on it.
  local function rhetoric_targets(q)
    local out = {}
    for i, it in ipairs(st.items) do
      if (st.alloc[q] and st.alloc[q][i]) or #L.outcomes(item_def(it)) > 0 then out[#out + 1] = it.id end
    end
    return out
  end
  E.fantastic_rhetoric = {
    when = function(q) return #rhetoric_targets(q) > 0 and game.get("player", q, "sa_thugs_round") ~= round_no() end,
    run = function(q)
      local id = game.choose(q, { key = "sa.tc_rhetoric_agenda" }, rhetoric_targets(q))
      local i = index_of(id)
      st.alloc[q] = st.alloc[q] or {}
      local a = st.alloc[q][i]
      if a then
        a.votes = a.votes + 10
      else
        local o = game.choose(q, { key = "sa.tc_rhetoric_outcome", card = item_name(st.items[i]) }, L.outcomes(item_def(st.items[i])))
        st.alloc[q][i] = { outcome = o, votes = 10 }
      end
      game.log({ key = "sa.tc_rhetoric_done", p = pn(q), card = item_name(st.items[i]) })
    end,
  }
  -- Council Dissolved (the seed's "Council Disbanded"): all voting is cancelled.
  E.council_dissolved = {
    run = function(q)
      st.cancelled = true
      game.log({ key = "sa.tc_voting_cancelled", card = L.name("action_cards", "council_dissolved") })
    end,
  }
  -- Discredit: a player's votes on one agenda are 10 fewer.
  E.discredit = {
    when = function()
      for q = 1, game.num_players() do if st.alloc[q] and next(st.alloc[q]) then return true end end
      return false
    end,
    run = function(q)
      local opts = {}
      for t = 1, game.num_players() do if st.alloc[t] and next(st.alloc[t]) then opts[#opts + 1] = pn(t) end end
      local t = tonumber(game.choose(q, { key = "sa.tc_discredit_player" }, opts):sub(2))
      local ids = {}
      for _, i in ipairs(game.keys(st.alloc[t])) do ids[#ids + 1] = st.items[i].id end
      local id = game.choose(q, { key = "sa.tc_discredit_agenda" }, sorted(ids))
      local a = st.alloc[t][index_of(id)]
      local before = a.votes
      a.votes = math.max(0, a.votes - 10)
      game.log({ key = "sa.tc_discredit_done", p = pn(t), card = item_name(st.items[index_of(id)]), before = before, after = a.votes })
    end,
  }
  -- Bribery: resources (or trade goods) spent after the count, +1 vote each
  -- on every agenda the player voted on.
  E.bribery = {
    when = function(q) return st.alloc[q] ~= nil and next(st.alloc[q]) ~= nil and L.spendable(q, "resources") > 0 end,
    run = function(q)
      local opts = {}
      for k = 1, L.spendable(q, "resources") do opts[#opts + 1] = tostring(k) end
      local x = tonumber(game.choose(q, { key = "sa.tc_bribery" }, opts))
      L.pay(q, x, "resources")
      for _, i in ipairs(game.keys(st.alloc[q])) do st.alloc[q][i].votes = st.alloc[q][i].votes + x end
      game.log({ key = "sa.tc_bribery_done", p = pn(q), n = x })
    end,
  }
  local out = {}
  for _, id in ipairs(game.keys(game.data.sa_council_cards or {})) do
    local d = game.data.sa_council_cards[id]
    if d.timing == timing and E[id] and game.data.action_cards[id] then out[id] = E[id] end
  end
  return out
end

local function tally(st, i)
  local t, voters, total = {}, {}, 0
  local n = game.num_players()
  for _, q in ipairs(L.order_from(L.next_in_rotation and L.next_in_rotation(L.speaker()) or (L.speaker() % n + 1))) do
    local a = st.alloc[q] and st.alloc[q][i]
    if a and a.votes > 0 then
      t[a.outcome] = (t[a.outcome] or 0) + a.votes
      voters[#voters + 1] = { player = q, outcome = a.outcome, votes = a.votes }
      total = total + a.votes
    end
  end
  return t, voters, total
end

-- Resolves the Voice of the Council election: its card's own handler
-- (elected player takes the objective). Ascendancy wraps this.
function TC.resolve_voc(result, d, t, voters)
  local h = d.handler
  if type(h) == "table" and h.resolve then h.resolve(result, d, t, voters) end
end

function TC.vote(active, ids, bonus)
  local n = game.num_players()
  local st = { active = active, items = {}, alloc = {}, cancelled = false, extra = {} }
  for q, v in pairs(bonus or {}) do st.extra[q] = v end
  for _, c in ipairs(ids) do st.items[#st.items + 1] = { coll = "political_cards", id = c } end
  game.window("sa_council_agendas", { player = active, active = active, agendas = copy(ids) })
  -- The call: rules/d_strategy.lua's (its cost and first round), else ours.
  local voc = game.data.objectives and game.data.objectives.voice_of_the_council
  local called = false
  if voc and L.sa_strategy and L.sa_strategy.call_voice then
    called = L.sa_strategy.call_voice(active)
  elseif voc and round_no() > 1 then
    for _, q in ipairs(L.order_from(active)) do
      if in_game(q) and game.counter(q, "strategy") > 0
        and game.choose(q, { key = "sa.tc_call_voc" }, { "no", "yes" }) == "yes" then
        game.add(q, "strategy", -1)
        game.log({ key = "sa.tc_voc_called", p = pn(q) })
        called = true
        break
      end
    end
  end
  if called then st.items[#st.items + 1] = { coll = "objectives", id = "voice_of_the_council", voc = true } end
  offer_cards(active, council_cards(st, "cast"), { player = active, active = active, council = st })
  if #st.items == 0 then
    game.log({ key = "sa.tc_nothing" })
    return
  end
  local names = {}
  for _, it in ipairs(st.items) do names[#names + 1] = item_name(it) end
  game.log({ key = "sa.tc_votes_on", cards = names })
  -- 2 players (appendix 3): the lowest of three dice rolled by a player
  -- is added to his votes.
  if duel() then
    for q = 1, n do
      if in_game(q) then
        local _, r = game.roll({ key = "sa.tc_vote_dice", p = pn(q) }, 3, 11)
        local low = 10
        for _, x in ipairs(r or {}) do low = math.min(low, x) end
        st.extra[q] = (st.extra[q] or 0) + low
        game.log({ key = "sa.tc_vote_dice_added", p = pn(q), n = low })
      end
    end
  end
  -- Votes are written down by everybody at once (asked in rotation from
  -- the speaker's neighbour; nothing is revealed until all are written).
  for _, q in ipairs(L.order_from(L.next_in_rotation and L.next_in_rotation(L.speaker()) or (L.speaker() % n + 1))) do
    if not in_game(q) then
      -- (out of the game: no vote)
    elseif game.get("player", q, "sa_thugs_round") == round_no() and game.get("player", q, "sa_thugs_round") ~= nil then
      game.log({ key = "sa.tc_may_not_vote", p = pn(q) })
    else
      local total = L.votes(q)
      total = total + (st.extra[q] or 0)
      -- 2 players (appendix 3): votes bought for 1 trade good each, written
      -- down with the others.
      if duel() and game.counter(q, "tg") > 0 then
        local opts = {}
        for v = 0, game.counter(q, "tg") do opts[#opts + 1] = tostring(v) end
        local b = tonumber(game.choose(q, { key = "sa.tc_buy_votes" }, opts))
        if b > 0 then
          game.add(q, "tg", -b)
          game.log({ key = b == 1 and "sa.buys_vote" or "sa.buys_votes", p = pn(q), n = b })
          total = total + b
        end
      end
      local w = game.window("sa_council_votes", { player = q, active = active, votes = total })
      total = w.votes or total
      local left, a = total, {}
      for i, it in ipairs(st.items) do
        if left <= 0 then break end
        local opts = { "abstain" }
        for _, o in ipairs(L.outcomes(item_def(it))) do opts[#opts + 1] = o end
        local pick = game.choose(q, { key = "sa.tc_vote_on", card = item_name(it), n = left }, opts)
        if pick ~= "abstain" then
          local nums = {}
          for k = 1, left do nums[#nums + 1] = tostring(k) end
          local v = tonumber(game.choose(q, { key = "sa.tc_votes_for", outcome = pick, card = item_name(it) }, nums))
          a[i] = { outcome = pick, votes = v }
          left = left - v
        end
      end
      st.alloc[q] = a
      if left < total then
        for _, pl in ipairs(L.ready_planets(q)) do game.exhaust(pl, true) end
        game.log({ key = "sa.tc_writes_votes", p = pn(q) })
      else
        game.log({ key = "sa.tc_casts_no_vote", p = pn(q) })
      end
    end
  end
  offer_cards(active, council_cards(st, "count"), { player = active, active = active, council = st })
  if st.cancelled then
    for _, it in ipairs(st.items) do
      if it.coll == "political_cards" then TC.discard(it.id, "the voting was cancelled") end
    end
    return
  end
  for i, it in ipairs(st.items) do
    local t, _, total = tally(st, i)
    local parts = {}
    for _, o in ipairs(game.keys(t)) do parts[#parts + 1] = o .. " " .. t[o] end
    game.log({ key = total > 0 and "sa.tc_count" or "sa.tc_count_none", card = item_name(it), count = parts })
  end
  offer_cards(active, council_cards(st, "counted"), { player = active, active = active, council = st })
  -- Agenda by agenda: reveal and resolve.
  for i, it in ipairs(st.items) do
    local d = item_def(it)
    local t, voters, total = tally(st, i)
    for _, v in ipairs(voters) do
      game.log({ key = v.votes == 1 and "sa.tc_casts_vote" or "sa.tc_casts_votes", p = pn(v.player), n = v.votes, card = item_name(it), outcome = v.outcome })
    end
    if total == 0 then
      if it.coll == "political_cards" then TC.discard(it.id, "no votes") else game.log({ key = "sa.tc_nobody_elected", card = item_name(it) }) end
    else
      local best, top = -1, {}
      for _, o in ipairs(L.outcomes(d)) do
        local v = t[o] or 0
        if v > best then best, top = v, { o } elseif v == best then top[#top + 1] = o end
      end
      local result = top[1]
      if #top > 1 then
        result = game.choose(L.speaker(), { key = "sa.tc_break_tie", card = item_name(it) }, top)
        game.log({ key = "sa.tc_tie_broken", p = pn(L.speaker()), outcome = result })
      end
      game.log({ key = "sa.tc_agenda_resolved", card = item_name(it), outcome = result })
      if it.voc then
        TC.resolve_voc(result, d, t, voters)
      else
        TC.release(it.id)
        game.move_card(it.id, COUNCIL, "revealed:agenda")
        local h = d.handler
        -- (A card about a system that is not on the board does nothing.)
        local missing = L.agenda_system_missing(it.id)
        if type(h) == "table" and h.resolve and not missing then h.resolve(result, d, t, voters) end
        if (d.kind == "law" or d.law == true) and result ~= "against" and not missing then
          game.move_card(it.id, "revealed:agenda", "laws")
          game.grant("game", "political_cards", it.id)
          game.put("game", nil, "law:" .. it.id, result)
        else
          game.move_card(it.id, "revealed:agenda", "discard:politics")
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- ASCENDANCY (option ascendancy).
--   * The goal is doubled (L.goal); stage II still begins with as many
--     stage I objectives face up as the goal chosen at setup.
--   * Objectives are not flagged when claimed: every public, special and
--     covert objective can be claimed again in a later round, once a round
--     (player prop sa_asc_round:<id> = the round it was last claimed);
--     secret and preliminary objectives stay once a game. Racial objectives
--     (Paths of Fate) stay once a game too, the option's own limit.
--   * In the objectives step any number of different public objectives may
--     be claimed (a claim hook after k_victory's one public claim asks for
--     more until the player says none).
--   * Special objectives: k_victory claims them for whoever qualifies; as
--     the flag is not kept, they are claimed again every round, and a player
--     who stops qualifying keeps his points. Specials that change hands by
--     other rules (the Voice of the Council election, the SE artifacts) never
--     take points away either; their controller (game prop
--     objective_controller:<id>) claims their points again in each later
--     objectives step.
--   * Spend objectives: every printed amount (spend / cost) halved, rounded
--     up. Secret objectives are worth 4. Both are written into the
--     objective definitions when setup starts.
--   * After each status phase the technology objectives in play (those
--     counting technology advances: `techs` parameter or tech_based: true)
--     are discarded and each replaced by a random card of the same stage.
--   * Bureaucracy: its primary gives no command counter (the holder has none
--     to take while it runs; any gained is put back), and after it the
--     holder goes through the whole objectives step by himself (UNCERTAIN:
--     the seed does not say whether the other players do too).
--   * The home-system penalty of 6, half-VP racial upgrade discounts and
--     half-lead progression feedback: rules/k_victory.lua and i_races.lua.
local ASC = {}
O.asc = ASC

local function claimed_this_round(p, id)
  return game.get("player", p, "sa_asc_round:" .. id) == round_no()
end

local function repeatable(d)
  return d and d.kind ~= "secret" and d.kind ~= "preliminary" and d.kind ~= "racial"
end

-- Under Ascendancy a spend objective asks for its printed amounts divided
-- by `spend_divisor` (rounded up), and a secret objective is worth
-- `secret_points`. The objectives' data stays as printed; these hooks say
-- what they cost and give while the option is on.
local base_objective_cost = L.objective_cost
function L.objective_cost(p, d, cost)
  local c = base_objective_cost(p, d, cost)
  if not c or not opt("ascendancy") then return c end
  local div = R("ascendancy", "spend_divisor", 2)
  local out = {}
  for _, k in ipairs(game.keys(c)) do
    out[k] = (type(c[k]) == "number") and (c[k] + div - 1) // div or c[k]
  end
  return out
end

local base_objective_points = L.objective_points
function L.objective_points(d)
  if opt("ascendancy") and d and d.kind == "secret" then return R("ascendancy", "secret_points", 4) end
  return base_objective_points(d)
end

function ASC.tech_based(d)
  return d and (d.tech_based == true or d.techs ~= nil)
end

-- A random face-down objective of the same stage from the objective decks
-- (ti3's mixed "deck:public", or per-stage "deck:<kind>" decks).
local function draw_like(kind)
  for _, z in ipairs({ "deck:" .. tostring(kind), "deck:public" }) do
    local cards = game.zone(z)
    for i = #cards, 1, -1 do
      local d = game.data.objectives[cards[i]]
      if d and d.kind == kind and d.ends_game ~= "most_points" then
        game.move_card(cards[i], z, "public")
        return cards[i]
      end
    end
  end
  return nil
end

function ASC.replace_tech_objectives()
  for _, c in ipairs(copy(game.zone("public"))) do
    local d = game.data.objectives[c]
    if ASC.tech_based(d) then
      game.move_card(c, "public", "discard:public")
      local new = draw_like(d.kind)
      game.log({ key = new and "sa.asc_discarded_replaced" or "sa.asc_discarded", card = L.name("objectives", c), new = new and L.name("objectives", new) })
    end
  end
end

-- Specials held by control: their controller claims them again each round.
function ASC.claim_held_specials(p)
  for _, id in ipairs(game.keys(game.data.objectives or {})) do
    local d = game.data.objectives[id]
    if d.kind == "special" and game.get("game", nil, "objective_controller:" .. id) == p and not claimed_this_round(p, id) then
      game.put("player", p, "sa_asc_round:" .. id, round_no())
      -- (claimed: a holder who loses control loses these points, unless
      -- ASC.no_loss gives them back)
      game.put("player", p, "scored:" .. id, true)
      L.gain_vp(p, L.objective_points(d), L.name("objectives", id) .. ", Ascendancy")
    end
  end
end

-- Runs fn(...) so that nobody loses victory points by it (special
-- objectives changing hands), and marks new controllers as having claimed
-- this round.
function ASC.no_loss(fn, ...)
  if not opt("ascendancy") then return fn(...) end
  local vp, ctl = {}, {}
  for p = 1, game.num_players() do vp[p] = game.counter(p, "vp") end
  local ids = game.keys(game.data.objectives or {})
  for _, id in ipairs(ids) do ctl[id] = game.get("game", nil, "objective_controller:" .. id) end
  local function settle()
    for p = 1, game.num_players() do
      local now = game.counter(p, "vp")
      if now < vp[p] then
        game.add(p, "vp", vp[p] - now)
        game.log({ key = "sa.asc_keeps_vp", p = pn(p), n = vp[p] - now, vp = game.counter(p, "vp") })
      end
    end
    for _, id in ipairs(ids) do
      local c = game.get("game", nil, "objective_controller:" .. id)
      -- (An elected holder who has not scored it yet claims it in the
      -- objectives step: rules/k_victory.lua.)
      if c and c ~= ctl[id] and game.get("player", c, "scored:" .. id) then game.put("player", c, "sa_asc_round:" .. id, round_no()) end
    end
  end
  return guarded(settle, fn, ...)
end

-- The objectives step for one player (Bureaucracy under Ascendancy).
function ASC.step_for(p)
  local V = L.sa_victory
  game.log({ key = "sa.asc_objectives_step", p = pn(p) })
  if V and V.claim_for then
    local st = { instant = {}, preliminary = {} }
    V.defer = (V.defer or 0) + 1
    local ok, err = pcall(V.claim_for, p, st)
    V.defer = V.defer - 1
    if not ok then error(err, 0) end
    for _, id in ipairs(game.keys(st.preliminary)) do
      game.move_card(id, "preliminary", "discard:preliminary")
      game.log({ key = "sa.claimed_leaves_play", card = L.name("objectives", id) })
    end
    if V.sync_all then V.sync_all() end
    if #st.instant > 0 and V.declare and V.rank then
      V.declare(V.rank(st.instant), st.instant_how or "claims an objective that wins the game")
      error({ game_over = true, commit = true }, 0)
    end
    if V.end_if_reached then V.end_if_reached() end
    return
  end
  -- Without k_victory: the TI3 claims, any number of public ones.
  while true do
    local opts = { "none" }
    for _, c in ipairs(hand("public")) do
      if not game.get("player", p, "scored:" .. c) and L.can_score(p, c) then opts[#opts + 1] = c end
    end
    local pick = game.choose(p, { key = "sa.claim_public" }, opts)
    if pick == "none" then break end
    L.score(p, pick)
  end
  local opts = { "none" }
  for _, c in ipairs(hand("secrets:" .. p)) do if L.can_score(p, c) then opts[#opts + 1] = c end end
  local pick = game.choose(p, { key = "sa.claim_secret" }, opts)
  if pick ~= "none" then L.score(p, pick) end
end

-- Under Ascendancy Bureaucracy's primary gives no command counter.
local base_gives_counter = L.bureaucracy_gives_counter
function L.bureaucracy_gives_counter(p)
  if opt("ascendancy") then return false end
  return base_gives_counter(p)
end

function ASC.bureaucracy_primary(orig, p, def, ctx)
  local pools = { tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") }
  orig(p, def, ctx)
  for _, pool in ipairs(L.POOLS) do
    local extra = game.counter(p, pool) - pools[pool]
    if extra > 0 then
      game.add(p, pool, -extra)
      game.log({ key = "sa.asc_puts_back", p = pn(p), n = extra })
    end
  end
  ASC.step_for(p)
end

---------------------------------------------------------------------------
-- SMOKE & MIRRORS (option smoke_and_mirrors).
--   * Covert objectives are `objectives` of kind covert (none are defined:
--     their texts are not in the public sources). Deck "deck:covert",
--     discards "discard:covert", each player's hand "covert:<p>" (his zone,
--     so a covert objective that watches the round's events sees his).
--   * Once a status phase ends, every player may draw one (secretly);
--     more than 2 in hand: he discards down to 2 at once, into the covert
--     discard pile (seed 000; later SA rulebooks shuffle it back into the
--     deck instead). L.draw shuffles the discards back when the deck runs
--     out.
--   * In the objectives step a player who claims no secret (or racial)
--     objective may claim one covert objective (a k_victory claim hook); a
--     claimed one goes to his "scored:<p>" zone.
--   * Bureaucracy's secondary: a player may draw a covert objective instead
--     of taking its trade good. UNCERTAIN: the SA Bureaucracy card is not in
--     the public sources; we run the secondary as printed and take back
--     one trade good it gave, if any, when the player draws a covert
--     objective instead.
local SM = {}
O.sm = SM

function SM.enforce(p)
  local limit = R("smoke_and_mirrors", "hand", 2)
  while game.zone_count("covert:" .. p) > limit do
    local c = game.choose(p, { key = "sa.sm_discard_covert", n = limit }, hand("covert:" .. p))
    game.move_card(c, "covert:" .. p, "discard:covert")
    game.log({ key = "sa.sm_discards_covert", p = pn(p) })
  end
end

function SM.draw(p)
  local got = L.draw("deck:covert", "discard:covert", "covert:" .. p, 1)
  if #got == 0 then
    game.log({ key = "sa.sm_deck_empty" })
    return false
  end
  game.log({ key = "sa.sm_draws_covert", p = pn(p) })
  SM.enforce(p)
  return true
end

function SM.end_of_status()
  for _, p in ipairs(L.order_from(L.speaker())) do
    if game.zone_count("deck:covert") + game.zone_count("discard:covert") > 0
      and game.choose(p, { key = "sa.sm_draw_covert" }, { "no", "yes" }) == "yes" then
      SM.draw(p)
    end
  end
end

function SM.bureaucracy_secondary(orig, q, def, ctx)
  local can = game.zone_count("deck:covert") + game.zone_count("discard:covert") > 0
  if not can or game.choose(q, { key = "sa.sm_bureaucracy_covert" }, { "no", "yes" }) ~= "yes" then
    return orig(q, def, ctx)
  end
  local tg = game.counter(q, "tg")
  local r = orig(q, def, ctx)
  if game.counter(q, "tg") > tg then
    game.add(q, "tg", -1)
    game.log({ key = "sa.sm_gives_up_tg", p = pn(q) })
  end
  SM.draw(q)
  return r
end

---------------------------------------------------------------------------
-- PATHS OF FATE (option paths_of_fate): each player is dealt his race's
-- three race-specific objectives (`objectives` of kind racial with race:
-- <race id>; none are defined, their texts are not in the public sources)
-- into his zone "racial:<p>". He may claim one of them in the whole game, in
-- an objectives step where he claims no secret objective (nor a covert one:
-- Smoke & Mirrors allows a covert claim only without a racial one). Player
-- prop sa_racial_claimed marks the claim.
local PF = {}
O.pf = PF

function PF.deal()
  for p = 1, game.num_players() do
    local race = game.get("player", p, "faction")
    local cards = {}
    for _, id in ipairs(game.keys(game.data.objectives or {})) do
      local d = game.data.objectives[id]
      if d.kind == "racial" and d.race == race and d.script then cards[#cards + 1] = id end
    end
    game.zone_new("racial:" .. p, p, cards)
    if #cards > 0 then game.log({ key = #cards == 1 and "sa.pf_dealt_1" or "sa.pf_dealt", p = pn(p), n = #cards }) end
  end
end

-- The covert / racial claim of a player's objectives step (state.secret:
-- the secret objective he claimed in it, if any).
function O.extra_claim(p, claim, secret)
  if secret then return end
  local opts = { "none" }
  if opt("smoke_and_mirrors") then
    for _, c in ipairs(hand("covert:" .. p)) do if L.can_score(p, c) then opts[#opts + 1] = c end end
  end
  if opt("paths_of_fate") and not game.get("player", p, "sa_racial_claimed") then
    for _, c in ipairs(hand("racial:" .. p)) do if L.can_score(p, c) then opts[#opts + 1] = c end end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "sa.claim_covert_racial" }, opts)
  if pick == "none" then return end
  local zone = contains(game.zone("covert:" .. p), pick) and ("covert:" .. p) or ("racial:" .. p)
  if zone == "racial:" .. p then game.put("player", p, "sa_racial_claimed", pick) end
  game.move_card(pick, zone, "scored:" .. p)
  claim(pick)
end

---------------------------------------------------------------------------
-- CRIMSON SUNS (option crimson_suns, beta).
--   * In the status phase (as it begins: UNCERTAIN, the seed names no step)
--     each player, in rotation from the speaker, may declare war on
--     opponents, 1 influence each, at most two declarations active. Player
--     prop sa_wars lists the players he has declared war on.
--   * Declaring war breaks the trade agreements between the two at once
--     (as a break without an aggressor, so the trade goods lying on them are
--     shared as appendix 1 says for such breaks: UNCERTAIN, a declaration is
--     no combat);
--     an agreement between them made later breaks the declaration (checked
--     after every strategic action and whenever a declaration is read).
--   * After a space battle: the attacker gains trade goods equal to half the
--     cost of the ships he lost in it (rounded down) if he has declared war
--     on the defender; the defender a quarter of his (rounded down) if he has
--     declared war on the attacker. A ship's cost is its unit cost divided
--     by the units one purchase gives (a fighter is half a resource).
local CS = {}
O.cs = CS

function CS.wars(p) return game.get("player", p, "sa_wars") or {} end

local function partners(p)
  if L.trade_partners then return L.trade_partners(p) end
  return {}
end

function CS.sync(p)
  local list = CS.wars(p)
  local changed = false
  for _, q in ipairs(copy(list)) do
    if contains(partners(p), q) then
      remove_value(list, q)
      changed = true
      game.log({ key = "sa.cs_war_ends", p = pn(p), q = pn(q) })
    end
  end
  if changed then game.put("player", p, "sa_wars", list) end
end

function CS.at_war(p, q)
  CS.sync(p)
  return contains(CS.wars(p), q)
end

-- Breaks the trade agreements between p and q (through the trade rules'
-- own function when a pack provides one).
function CS.break_trade(p, q)
  local S = L.sa_strategy
  if S and S.break_between then return S.break_between(p, q, nil, "war declaration") end
  if L.sa_break_agreement then return L.sa_break_agreement(p, q, "war declaration") end
  local list = game.get("game", nil, "agreements") or {}
  local kept, broke = {}, false
  for _, a in ipairs(list) do
    if (a.a == p and a.b == q) or (a.a == q and a.b == p) then broke = true else kept[#kept + 1] = a end
  end
  if broke then
    game.put("game", nil, "agreements", kept)
    game.log({ key = "sa.agreement_broken", p = pn(p), q = pn(q) })
  end
end

-- hook: whether p may declare war on player q (another player, not yet at
-- war with p, is asked about separately); default: yes.
function CS.may_declare(p, q) return true end

function CS.declare_step()
  for _, p in ipairs(L.order_from(L.speaker())) do
    CS.sync(p)
    local cost, max = R("crimson_suns", "cost", 1), R("crimson_suns", "max_declarations", 2)
    while #CS.wars(p) < max and L.spendable(p, "influence") >= cost do
      local opts = { "none" }
      for q = 1, game.num_players() do
        if q ~= p and not contains(CS.wars(p), q) and CS.may_declare(p, q) then opts[#opts + 1] = pn(q) end
      end
      if #opts == 1 then break end
      local pick = game.choose(p, { key = "sa.cs_declare_war", n = cost }, opts)
      if pick == "none" then break end
      local q = tonumber(pick:sub(2))
      L.pay(p, cost, "influence")
      local list = CS.wars(p)
      list[#list + 1] = q
      game.put("player", p, "sa_wars", list)
      game.log({ key = "sa.cs_declares_war", p = pn(p), q = pn(q) })
      CS.break_trade(p, q)
    end
  end
end

-- Twice the cost of a unit (a fighter, 1 resource for 2, counts 1).
local function cost2(p, kind)
  local d = L.def(p, kind)
  return (2 * (d.cost or 0)) // (d.per_cost or 1)
end

function CS.space_combat(base, ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or (s and L.enemies_in(a, s)[1])
  if not d then return base(ctx) end
  local snap = {}
  for _, p in ipairs({ a, d }) do
    snap[p] = {}
    for _, u in ipairs(L.ships(p, s)) do snap[p][#snap[p] + 1] = { id = u.id, kind = u.kind } end
  end
  local r = base(ctx)
  local function lost2(p)
    local v = 0
    for _, u in ipairs(snap[p]) do
      if not game.unit_exists(u.id) then v = v + cost2(p, u.kind) end
    end
    return v
  end
  if CS.at_war(a, d) then
    local tg = lost2(a) // (2 * R("crimson_suns", "attacker_divisor", 2))
    if tg > 0 then L.gain_tg(a, tg, "Crimson Suns: ships lost attacking " .. pn(d)) end
  end
  if CS.at_war(d, a) then
    local tg = lost2(d) // (2 * R("crimson_suns", "defender_divisor", 4))
    if tg > 0 then L.gain_tg(d, tg, "Crimson Suns: ships lost defending against " .. pn(a)) end
  end
  return r
end

---------------------------------------------------------------------------
-- STAR BY STAR (option star_by_star).
--   * The galaxy: Mecatol Rex in the centre; the tiles of the map's other
--     hexes (ctx.map, else standard_<n>p, gives the bounds and the tile
--     count), less the four high-resource systems (appendix 1 "Galaxy
--     Creation": Bereg, Abyz, Meer, Ashtroth; the box's other tiles fill in
--     at random), shuffled and dealt one by one from the first player; each
--     player also holds his home system. From the first player (player 1,
--     the highest roller of the initiation) in rotation, each places one
--     tile on a free hex of the map next to a placed tile.
--   * Placement rules, most important kept first when no move satisfies all
--     (our order): a home system never next to another home system; red
--     (anomaly) tiles may touch, but never surround a home system (all of
--     its hexes inside the map are anomalies); no placement may leave the
--     next player, holding only his home system, without a legal hex for it
--     (our reading of the seed's ban on a placement that leaves the next
--     placement no choice but to set a yellow-bordered tile beside it).
--   * The players on each side of a player are his neighbours.
--   * Artifacts (SE option `artifacts`) may be placed in space too (a
--     system, "space:<hex>"), and next to a home system if it is as close
--     (hex distance) to another home system. An artifact in space is
--     controlled by the only player with ships in its system, and stays his
--     until another player is the only one there (as a trade station; later
--     SA words it so).
--   * A blank artifact found (planet or space) brings one of the
--     double-sided wormhole tokens (sa_flip_wormholes), drawn at random while
--     any is left; the active player chooses its face. The token is the
--     pack's double-sided wormhole (rules/j_tokens.lua), which flips as
--     appendix 1 says. Objectives that look at wormholes read the tiles
--     only, so they ignore these tokens, as the seed asks; political cards
--     see them (B.wormholes).
--   * The custodians of Mecatol Rex are in play (option custodians turned
--     on). Their doubled strength ("may be doubled") is not offered.
local SBS = {}
O.sbs = SBS

-- hook: the tiles of his hand p may place now (sorted, all with a legal hex; default: tiles).
function SBS.tile_choices(p, tiles) return tiles end
-- hook: the hexes p may put `tile` on (default: every legal one, hexes).
function SBS.hex_choices(p, tile, hexes) return hexes end
SBS.HIGH_RESOURCE_PLANETS = { "bereg", "abyz", "meer", "ashtroth" }
local base_hex_neighbours = L.optb.hex_neighbours -- (ti3's, options_b.lua)
-- The neighbours of a hex, worked out once per hex (pure geometry, which
-- the legal hexes below ask for again and again while the galaxy is built).
-- The lists are only read.
local neighbours_of = {}
local function hex_neighbours(h)
  local l = neighbours_of[h]
  if not l then
    l = base_hex_neighbours(h)
    neighbours_of[h] = l
  end
  return l
end

local function tile_def(t) return game.data.systems[t] or {} end
local function is_home_tile(t)
  local d = tile_def(t)
  return d.kind == "home" or d.home_of ~= nil
end
local function is_red(t)
  local d = tile_def(t)
  return d.anomaly ~= nil or d.kind == "anomaly"
end

local function high_resource(t)
  for _, pl in ipairs(tile_def(t).planets or {}) do
    if contains(SBS.HIGH_RESOURCE_PLANETS, pl) then return true end
  end
  return false
end

-- The tiles to deal: the footprint's, high-resource ones swapped for
-- random other tiles of the box.
function SBS.pool(fp)
  local pool, used = {}, {}
  for _, hex in ipairs(game.keys(fp.tiles)) do
    local t = fp.tiles[hex]
    if t ~= "mecatol_rex" then
      used[t] = true
      if not high_resource(t) then pool[#pool + 1] = t end
    end
  end
  local need = 0
  for _, hex in ipairs(game.keys(fp.tiles)) do if fp.tiles[hex] ~= "mecatol_rex" then need = need + 1 end end
  if #pool < need then
    local box = {}
    for _, t in ipairs(game.keys(game.data.systems)) do
      local d = game.data.systems[t]
      if not used[t] and (d.kind == "normal" or d.kind == "empty" or d.kind == "anomaly")
        and d.expansion ~= "shards_of_the_throne" and not high_resource(t) then
        box[#box + 1] = t
      end
    end
    L.optb.shuffle(box)
    for i = 1, need - #pool do
      if box[i] then pool[#pool + 1] = box[i] end
    end
  end
  table.sort(pool)
  return pool
end

-- Legal hexes of `tile` for player p at strictness `level` (3: all rules,
-- 0: only "free, in bounds, next to a placed tile").
local function legal_hexes(tile, placed, bounds, level, next_hs_only)
  local out = {}
  local home = is_home_tile(tile)
  -- (bounds as a set: whether a hex is in the galaxy is asked for every
  -- neighbour of every home tile for every candidate hex.)
  local in_bounds = {}
  for _, b in ipairs(bounds) do in_bounds[b] = true end
  for _, h in ipairs(bounds) do
    if not placed[h] then
      local touches = false
      for _, nb in ipairs(hex_neighbours(h)) do if placed[nb] then touches = true end end
      local ok = touches
      if ok and level >= 1 and home then
        for _, nb in ipairs(hex_neighbours(h)) do
          if placed[nb] and is_home_tile(placed[nb]) then ok = false end
        end
      end
      if ok and level >= 2 then
        placed[h] = tile
        for _, hh in ipairs(bounds) do
          if ok and placed[hh] and is_home_tile(placed[hh]) then
            local inside, all_red = 0, true
            for _, nb in ipairs(hex_neighbours(hh)) do
              if in_bounds[nb] then
                inside = inside + 1
                if not (placed[nb] and is_red(placed[nb])) then all_red = false end
              end
            end
            if inside > 0 and all_red then ok = false end
          end
        end
        if ok and level >= 3 and next_hs_only then
          local room = #legal_hexes(next_hs_only, placed, bounds, 2, nil) > 0
          if not room then ok = false end
        end
        placed[h] = nil
      end
      if ok then out[#out + 1] = h end
    end
  end
  return out
end

procedure("sa_build_star_by_star", function(ctx)
  local n = game.num_players()
  local fp = (ctx.map and game.data.maps[ctx.map] and next(game.data.maps[ctx.map].tiles or {}) and game.data.maps[ctx.map])
    or game.data.maps["standard_" .. n .. "p"]
  if not fp then error("Star by Star: no map gives the bounds of a " .. n .. "-player galaxy") end
  local bounds = {}
  for _, hex in ipairs(game.keys(fp.tiles)) do bounds[#bounds + 1] = hex end
  for i, hex in ipairs(fp.homes or {}) do
    if i <= n and not contains(bounds, hex) then bounds[#bounds + 1] = hex end
  end
  -- Home seats beyond the player count are not part of the galaxy.
  table.sort(bounds)
  local placed = {}
  local function put(tile, hex, home)
    local s = game.add_system(tile, hex)
    for _, pl in ipairs(tile_def(tile).planets or {}) do game.add_planet(pl, s) end
    if home then game.put("player", home, "home", s) end
    placed[hex] = tile
  end
  local centre = "0,0"
  for _, hex in ipairs(game.keys(fp.tiles)) do if fp.tiles[hex] == "mecatol_rex" then centre = hex end end
  put("mecatol_rex", centre)
  local pool = SBS.pool(fp)
  -- The galaxy has as many hexes as the map's tiles plus one per player.
  local free = 0
  for _, h in ipairs(bounds) do if not placed[h] then free = free + 1 end end
  while #pool > free - n and #pool > 0 do table.remove(pool) end
  L.optb.shuffle(pool)
  local first = ctx.first or 1
  local order = L.order_from(first)
  local hands = {}
  for _, p in ipairs(order) do hands[p] = { L.faction(p).home_system } end
  for i, t in ipairs(pool) do table.insert(hands[order[(i - 1) % #order + 1]], t) end
  game.log({ key = "sa.sbs_start", n = #pool + n, p = pn(first) })
  local turn, left = 0, #pool + n
  while left > 0 do
    local p = order[turn % #order + 1]
    turn = turn + 1
    if #hands[p] > 0 then
      -- The next player to place, and whether only his home system is left.
      local next_hs
      for k = 1, #order do
        local q = order[(turn + k - 1) % #order + 1]
        if q ~= p and #hands[q] > 0 then
          if #hands[q] == 1 and is_home_tile(hands[q][1]) then next_hs = hands[q][1] end
          break
        end
      end
      local moves, tiles
      for level = 3, 0, -1 do
        moves, tiles = {}, {}
        local seen = {}
        for _, t in ipairs(hands[p]) do
          if not seen[t] then
            seen[t] = true
            local hs = legal_hexes(t, placed, bounds, level, next_hs)
            if #hs > 0 then moves[t] = hs; tiles[#tiles + 1] = t end
          end
        end
        if #tiles > 0 then break end
      end
      if #tiles == 0 then error("Star by Star: " .. pn(p) .. " has no hex to place a tile on") end
      table.sort(tiles)
      local tile = game.choose(p, { key = "sa.sbs_tile" }, SBS.tile_choices(p, tiles))
      local hex = game.choose(p, { key = "sa.sbs_hex", tile = tile }, SBS.hex_choices(p, tile, moves[tile]))
      remove_value(hands[p], tile)
      left = left - 1
      local home = nil
      if tile == L.faction(p).home_system then home = p end
      put(tile, hex, home)
      game.log({ key = "sa.sbs_places", p = pn(p), system = L.name("systems", tile), hex = hex })
    end
  end
  game.call("link_wormholes")
end)

-- Artifact placement (replaces B.place_artifacts under Star by Star).
local function home_systems()
  local out = {}
  for p = 1, game.num_players() do
    local h = L.home(p)
    if h then out[#out + 1] = h end
  end
  return out
end

local function near_ok(s)
  local ds = {}
  for _, h in ipairs(home_systems()) do ds[#ds + 1] = game.hex_distance(game.system(s).hex, game.system(h).hex) end
  table.sort(ds)
  if #ds == 0 or ds[1] > 1 then return true end
  return ds[2] ~= nil and ds[2] == ds[1]
end

function SBS.space_artifacts() return game.get("game", nil, "sa_space_artifacts") or {} end

function SBS.place_artifacts(first)
  local B = L.optb
  local tokens = B.artifact_tokens()
  local homes = home_systems()
  local function legal(strict)
    local out = {}
    for s = 1, game.num_systems() do
      local hex = game.system(s).hex
      if hex and not contains(homes, s) and game.tile_of(s) ~= "mecatol_rex" and game.tile_of(s) ~= "mallice"
        and not is_home_tile(game.tile_of(s)) and (not strict or near_ok(s)) then
        local taken = game.get("system", s, "sa_space_artifact") ~= nil
        for _, pl in ipairs(game.planets_of(s)) do if B.artifact(pl) then taken = true end end
        if not (strict and taken) then
          for _, pl in ipairs(game.planets_of(s)) do
            if not B.artifact(pl) then out[#out + 1] = pl end
          end
          if not game.get("system", s, "sa_space_artifact") then out[#out + 1] = "space:" .. hex end
        end
      end
    end
    table.sort(out)
    return out
  end
  -- (ti3's dealing, options_b.lua)
  B.deal_artifacts(first, tokens, {
    function() return legal(true) end,
    function() return legal(false) end,
  }, function(p, pick, token)
    local hex = pick:match("^space:(.+)$")
    if hex then
      local s = game.system_at(hex)
      game.put("system", s, "sa_space_artifact", token)
      local list = SBS.space_artifacts()
      list[#list + 1] = s
      table.sort(list)
      game.put("game", nil, "sa_space_artifacts", list)
      game.log({ key = "sa.sbs_artifact_space", p = pn(p), system = L.sysname(s) })
    else
      B.put_artifact(pick, token)
      game.log({ key = "sa.sbs_artifact_planet", p = pn(p), planet = L.name("planets", pick) })
    end
  end)
end

-- Artifacts in space follow the only player with ships in their system.
function SBS.sync_space()
  for _, s in ipairs(SBS.space_artifacts()) do
    local token = game.get("system", s, "sa_space_artifact")
    if token then
      local q = L.optb.sole_ship_owner(s)
      local holder = game.get("system", s, "sa_space_artifact_holder")
      if q and q ~= holder then
        local name = L.name("se_artifacts_b", token)
        if not game.get("system", s, "sa_space_artifact_revealed") then
          game.put("system", s, "sa_space_artifact_revealed", true)
          game.log({ key = "sa.sbs_artifact_revealed", p = pn(q), system = L.sysname(s), artifact = name })
        end
        if token == "empty" then
          game.put("system", s, "sa_space_artifact", nil)
          game.log({ key = "sa.sbs_artifact_empty", system = L.sysname(s) })
          local T = L.sa_tokens
          if T and T.EMPTY_ARTIFACT_TG then L.gain_tg(q, T.EMPTY_ARTIFACT_TG, "empty artifact in " .. L.sysname(s)) end
          SBS.blank_found(q, s)
        else
          local d = game.data.se_artifacts_b[token]
          local obj = d.objective or token
          local o = game.data.objectives and game.data.objectives[obj]
          local pts = L.objective_points(o)
          game.put("system", s, "sa_space_artifact_holder", q)
          game.put("game", nil, "objective_controller:" .. obj, q)
          if holder and game.get("player", holder, "scored:" .. obj) then
            game.put("player", holder, "scored:" .. obj, nil)
            local v = game.add(holder, "vp", -pts)
            game.log({ key = "sa.sbs_loses_vp", p = pn(holder), n = pts, artifact = name, vp = v })
          end
          L.artifact_objective_gained(q, obj, pts, name)
        end
      end
    end
  end
end

-- A blank artifact found: one of the double-sided wormhole tokens of
-- sa_flip_wormholes, drawn at random while any is left (game prop
-- sa_flip_tokens_used), goes into the system; the active player picks the
-- side up. The token itself is rules/j_tokens.lua's double-sided wormhole
-- (L.sa_tokens.place_flip_wormhole), which flips as appendix 1 says.
function SBS.blank_found(p, s)
  if game.get("system", s, "sa_flip_wormhole") then return end
  local used = game.get("game", nil, "sa_flip_tokens_used") or {}
  local free = {}
  for _, id in ipairs(game.keys(game.data.sa_flip_wormholes or {})) do
    if not contains(used, id) then free[#free + 1] = id end
  end
  if #free == 0 then
    game.log({ key = "sa.sbs_no_wormhole", system = L.sysname(s) })
    return
  end
  local id = free[game.random(#free)]
  used[#used + 1] = id
  game.put("game", nil, "sa_flip_tokens_used", used)
  local sides = sorted(game.data.sa_flip_wormholes[id].sides)
  local chooser = game.get("game", nil, "active") or p
  local up = game.choose(chooser, { key = "sa.sbs_wormhole_side", system = L.sysname(s) }, sides)
  local down = up
  for _, x in ipairs(sides) do if x ~= up then down = x end end
  game.log({ key = "sa.sbs_blank_wormhole", system = L.sysname(s) })
  if L.sa_tokens and L.sa_tokens.place_flip_wormhole then
    L.sa_tokens.place_flip_wormhole(s, up, down)
  else
    L.optb.add_wormhole(s, up)
  end
end

---------------------------------------------------------------------------
-- THE ANCIENT EMPIRE (option ancient_empire; turns on distant_suns).
-- Every Distant Suns counter is face up (planet prop se_ds_revealed) from the
-- start. On a preset map they are dealt at random to the planets (the TI3
-- option's placement: every planet outside the home systems but Mecatol
-- Rex), as soon as the galaxy is built, so before any home-system bidding.
-- On a galaxy built by placement (Star by Star, or the drafted galaxy) the
-- players, from the first player in rotation, each draw a random counter in
-- turn and put it face up on any such planet without one, until every such
-- planet has one or the counters run out (UNCERTAIN: "ANY planet" is read
-- as any planet a Distant Suns counter may lie on).
local AE = {}
O.ae = AE

local function ds_planets()
  local out = {}
  for s = 1, game.num_systems() do
    local tile = game.tile_of(s)
    local d = tile_def(tile)
    local home = is_home_tile(tile)
    for p = 1, game.num_players() do if L.home(p) == s then home = true end end
    if not home and tile ~= "mecatol_rex" then
      for _, pl in ipairs(game.planets_of(s)) do
        if not game.planet_owner(pl) then out[#out + 1] = pl end
      end
    end
  end
  table.sort(out)
  return out
end

local function ds_pool()
  local out = {}
  for _, id in ipairs(game.keys(game.data.se_counters_b or {})) do
    local d = game.data.se_counters_b[id]
    if d.deck == "distant_suns" then for _ = 1, (d.copies or 1) do out[#out + 1] = id end end
  end
  return L.optb.shuffle(out)
end

function AE.place(built)
  if game.get("game", nil, "sa_ae_placed") then return end
  game.put("game", nil, "sa_ae_placed", true)
  if not built then
    local base = AE.base_place
    base()
  else
    local pool = ds_pool()
    local order = L.order_from(game.get("game", nil, "se_draft_first") or 1)
    local i = 0
    while #pool > 0 do
      local opts = {}
      for _, pl in ipairs(ds_planets()) do
        if not game.get("planet", pl, "se_ds") then opts[#opts + 1] = pl end
      end
      if #opts == 0 then break end
      local p = order[i % #order + 1]
      i = i + 1
      local c = table.remove(pool)
      local pl = game.choose(p, { key = "sa.ae_planet", counter = L.name("se_counters_b", c), id = c }, opts)
      game.put("planet", pl, "se_ds", c)
      game.log({ key = "sa.ae_puts", p = pn(p), counter = L.name("se_counters_b", c), planet = L.name("planets", pl) })
    end
  end
  local n = 0
  for _, pl in ipairs(L.optb.counter_planets()) do
    game.put("planet", pl, "se_ds_revealed", true)
    n = n + 1
  end
  game.log({ key = "sa.ae_face_up", n = n })
end

---------------------------------------------------------------------------
-- Card handlers (Assembly, Bureaucracy, Voice of the Council) are wrapped
-- once, when every pack has loaded (card scripts load after the rules); a wrapper
-- takes over while a strategic action of its card runs (`playing` counts
-- them) and its option is on.
local playing = {}
local handlers_wrapped = false
local function wrap_handlers()
  if handlers_wrapped then return end
  handlers_wrapped = true
  for _, id in ipairs(game.keys(game.data.strategy_cards or {})) do
    local h = game.data.strategy_cards[id].handler
    if type(h) == "table" then
      local assembly, bureaucracy = is_card(id, "assembly"), is_card(id, "bureaucracy")
      local orig_primary, orig_secondary = h.primary, h.secondary
      if (assembly or bureaucracy) and orig_primary then
        h.primary = function(p, def, c)
          local on = (playing[id] or 0) > 0
          if on and assembly and opt("twilight_council") then return TC.primary(p) end
          if on and bureaucracy and opt("ascendancy") then return ASC.bureaucracy_primary(orig_primary, p, def, c) end
          return orig_primary(p, def, c)
        end
      end
      if bureaucracy and orig_secondary then
        h.secondary = function(q, def, c)
          if (playing[id] or 0) > 0 and opt("smoke_and_mirrors") then return SM.bureaucracy_secondary(orig_secondary, q, def, c) end
          return orig_secondary(q, def, c)
        end
      end
    end
  end
  -- Ascendancy: specials changing hands by their own rules (ASC.no_loss
  -- hands over when the option is off).
  local voc = game.data.objectives and game.data.objectives.voice_of_the_council
  if voc and type(voc.handler) == "table" and voc.handler.resolve then
    local orig = voc.handler.resolve
    voc.handler.resolve = function(...) return ASC.no_loss(orig, ...) end
  end
end

-- Wrappers, registered when this file loads; each hands over to the
-- wrapped code when its option is off.
local function install()
  local B = L.optb

  -- Assembly, Bureaucracy: the cards' handlers (wrapped at set-up) take
  -- over while a strategic action of their card runs.
  wrap("strategic_action", function(base, ctx)
    local id = ctx.card
    local r
    if id then
      playing[id] = (playing[id] or 0) + 1
      r = guarded(function() playing[id] = playing[id] - 1 end, base, ctx)
    else
      r = base(ctx)
    end
    if opt("crimson_suns") then
      for p = 1, game.num_players() do CS.sync(p) end
    end
    return r
  end)

  wrap("strategy_phase", function(base, ctx)
    if opt("twilight_council") then TC.show_agendas() end
    return base(ctx)
  end)

  wrap("status_phase", function(base, ctx)
    if opt("crimson_suns") then CS.declare_step() end
    local r = base(ctx)
    if opt("twilight_council") then TC.drop_random() end
    if opt("ascendancy") and R("ascendancy", "replace_tech_objectives", true) then ASC.replace_tech_objectives() end
    if opt("smoke_and_mirrors") then SM.end_of_status() end
    return r
  end)

  wrap("space_combat", function(base, ctx)
    if not opt("crimson_suns") then return base(ctx) end
    return CS.space_combat(base, ctx)
  end)

  -- Thugs (Twilight Council): no votes in any other vote this round either.
  local base_votes = L.votes
  if base_votes then
    function L.votes(p)
      local t = game.get("player", p, "sa_thugs_round")
      if t ~= nil and t == round_no() then return 0 end
      return base_votes(p)
    end
  end

  -- Ascendancy: goal, scoring flags.
  local base_goal = L.goal
  local chosen_goal = 0
  function L.goal()
    local g = base_goal()
    if opt("ascendancy") and chosen_goal == 0 then return R("ascendancy", "goal_factor", 2) * g end
    return g
  end
  -- Stage II still starts with as many stage I objectives face up as the
  -- victory points chosen at setup (UNCERTAIN: the seed doubles the goal
  -- "to win"; we leave the stage rule of initiation step 9 on the chosen
  -- number).
  if L.sa_check_stage then
    local base_stage = L.sa_check_stage
    function L.sa_check_stage(...)
      chosen_goal = chosen_goal + 1
      return guarded(function() chosen_goal = chosen_goal - 1 end, base_stage, ...)
    end
  end
  local base_can = L.can_score
  function L.can_score(p, id)
    local d = game.data.objectives[id]
    if opt("ascendancy") and repeatable(d) and claimed_this_round(p, id) then return false end
    return base_can(p, id)
  end
  local base_score = L.score
  function L.score(p, id)
    local d = game.data.objectives[id]
    if d and (d.kind == "stage1" or d.kind == "stage2") then game.add(p, "sa_pub_claims", 1) end
    local r = base_score(p, id)
    if opt("ascendancy") and repeatable(d) then
      game.put("player", p, "scored:" .. id, nil)
      game.put("player", p, "sa_asc_round:" .. id, round_no())
    end
    return r
  end

  -- Star by Star and the artifacts.
  if B then
    local base_place = B.place_artifacts
    B.place_artifacts = function(first)
      if opt("star_by_star") then return SBS.place_artifacts(first) end
      return base_place(first)
    end
    local base_sync = B.sync_artifacts
    B.sync_artifacts = function(...)
      local empties = {}
      if opt("star_by_star") then
        for s = 1, game.num_systems() do
          for _, pl in ipairs(game.planets_of(s)) do
            if B.artifact(pl) == "empty" then empties[#empties + 1] = pl end
          end
        end
      end
      local r = ASC.no_loss(base_sync, ...)
      if opt("star_by_star") then
        for _, pl in ipairs(empties) do
          local owner = game.planet_owner(pl)
          if B.artifact(pl) == nil and owner then SBS.blank_found(owner, game.planet_system(pl)) end
        end
        ASC.no_loss(SBS.sync_space)
      end
      return r
    end
    AE.base_place = B.place_domain_counters
    B.place_domain_counters = function(...)
      if opt("ancient_empire") then return AE.place(O.built_galaxy) end
      return AE.base_place(...)
    end
  end

  wrap("build_galaxy", function(base, ctx)
    local r
    local built = false
    if opt("star_by_star") then
      r = game.call("sa_build_star_by_star", ctx)
      built = true
    else
      r = base(ctx)
      local m = ctx.map and game.data.maps[ctx.map]
      built = m ~= nil and (m.drafted == true or m.procedure ~= nil)
    end
    if opt("ancient_empire") and B then AE.place(built or O.built_galaxy) end
    return r
  end)

  -- Star by Star: the seat neighbours.
  local base_nb = L.neighbours
  function L.neighbours(p, q)
    if opt("star_by_star") and p ~= q then
      local n = game.num_players()
      if q == p % n + 1 or p == q % n + 1 then return true end
    end
    return base_nb(p, q)
  end
end

-- k_victory's claim hooks: covert / racial objectives, and more public
-- objectives under Ascendancy.
local V = L.sa_victory
-- Public objectives a player has claimed in the game (counter
-- sa_pub_claims), as his step began: a player who claimed none in the step
-- is not asked for more.
local step_mark = {}
if V and V.claim_for then
  local base_cf = V.claim_for
  V.claim_for = function(p, st)
    step_mark[p] = game.counter(p, "sa_pub_claims")
    return base_cf(p, st)
  end
end
if V and V.claim_hooks then
  table.insert(V.claim_hooks, function(p, state)
    if opt("ascendancy") and game.counter(p, "sa_pub_claims") ~= step_mark[p] then
      while true do
        local opts = { "none" }
        for _, c in ipairs(hand("public")) do
          local d = game.data.objectives[c]
          if d and d.kind ~= "special" and d.kind ~= "preliminary" and not game.get("player", p, "scored:" .. c) and L.can_score(p, c) then
            opts[#opts + 1] = c
          end
        end
        if #opts == 1 then break end
        local pick = game.choose(p, { key = "sa.asc_claim_another" }, opts)
        if pick == "none" then break end
        state.claim(pick)
      end
    end
    if opt("ascendancy") then ASC.claim_held_specials(p) end
    if opt("smoke_and_mirrors") or opt("paths_of_fate") then
      O.extra_claim(p, state.claim, state.secret)
    end
  end)
end

install()

game.when_loaded(wrap_handlers)

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  args = args or {}
  local m = args.map and game.data.maps[args.map]
  O.built_galaxy = opt("star_by_star") or (m ~= nil and (m.drafted == true or m.procedure ~= nil))
  local r = base_setup(args)
  if opt("twilight_council") then
    game.zone_new(COUNCIL)
    game.put("game", nil, "sa_council_random", {})
    -- The seed's modified cards the TI3 deck leaves out (no TI3 script).
    local deck, added = game.zone("deck:actions"), false
    for _, id in ipairs(game.keys(game.data.sa_council_cards or {})) do
      local c = game.data.sa_council_cards[id]
      local d = game.data.action_cards[id]
      if c.deck and d and not contains(deck, id) then
        for _ = 1, (d.copies or 1) do deck[#deck + 1] = id end
        added = true
      end
    end
    if added then
      game.zone_new("deck:actions", nil, deck)
      game.shuffle("deck:actions")
    end
  end
  if opt("smoke_and_mirrors") then
    local cards = {}
    for _, id in ipairs(game.keys(game.data.objectives or {})) do
      local d = game.data.objectives[id]
      if d.kind == "covert" and d.script then cards[#cards + 1] = id end
    end
    game.zone_new("deck:covert", nil, cards)
    game.shuffle("deck:covert")
    game.zone_new("discard:covert")
    for p = 1, game.num_players() do game.zone_new("covert:" .. p, p) end
  end
  if opt("paths_of_fate") then PF.deal() end
  return r
end)

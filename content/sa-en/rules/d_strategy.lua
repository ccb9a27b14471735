-- Shattered Ascension v4.5 (seed 000, Appendix I "STRATEGY CARDS" and
-- "TRANSFER ACTION"). Data: strategy.yaml; card scripts: effects/strategy/.
--
--   * Strategy phase (procedure `strategy_phase`, replaced): each player still
--     in the game picks as many cards as the seed's table gives for the number
--     of players still in the game, one at a time in rotation order from the
--     speaker; the ninth card (Prospect) is in play or not by the same table.
--     Both are worked out again at every strategy phase, so they follow the
--     players who leave the game (L.sa_in_game: player props sa_surrendered,
--     sa_eliminated).
--   * 5 players: when the strategy phase ends one unpicked card, drawn at
--     random, loses the bonus counter it just got; in the action phase, as
--     soon as its initiative comes up (before the first player of higher
--     initiative takes his first turn, or after the last first turn), it is
--     played by no player: no primary ability, every player may use the
--     secondary (rotation order from the speaker), and its special effects
--     apply.
--   * Assembly: the changes of the seed (effects/strategy/assembly.lua); the
--     Voice of the Council election may be called by any player for a
--     strategy command counter after the agendas are chosen, never in round 1
--     (S.call_voice); the Voice of the Council has 5 more votes at all times
--     (L.votes).
--   * Trade goods on trade agreements: the Trade card places on each active
--     agreement as many trade goods as its value after the turn it is played
--     in; they pile up until collected (Trade's primary and secondary). When an
--     agreement is broken by a hostile act (the `hostile_act` window of
--     rules/b_general.lua), the aggressor's trade goods on it are discarded and
--     his partner collects his own; broken any other way, each partner
--     collects half of his (rounded down). The trade goods live in game prop
--     sa_trade_tg, keyed by agreement, so an agreement removed by any rule is
--     settled the next time they are looked at.
--   * Transfer actions are removed.
local L = game.lib
local S = {}
L.sa_strategy = S

local function pn(p) return L.pn(p) end
local function round_no() return game.get("game", nil, "round") or 0 end
local function rules() return (game.data.sa_strategy_rules or {}).rules or {} end

-- The first round in which a Voice of the Council election may be called
-- (the rules data; a version of the rules that ties it to the player count
-- overrides this).
function L.sa_voice_first_round() return rules().voice_first_round or 2 end

---------------------------------------------------------------------------
-- Players in the game.
function S.in_game(p)
  return not (game.get("player", p, "sa_surrendered") or game.get("player", p, "sa_eliminated"))
end
L.sa_in_game = S.in_game

function S.players()
  local out = {}
  for p = 1, game.num_players() do if S.in_game(p) then out[#out + 1] = p end end
  return out
end

---------------------------------------------------------------------------
-- Cards picked per player and the ninth card.
function S.counts(n)
  for _, id in ipairs(game.keys(game.data.sa_strategy_counts or {})) do
    local c = game.data.sa_strategy_counts[id]
    if c.players == n then return c.picks, c.ninth and true or false end
  end
  -- Not in the table: the picks and ninth card leaving closest to 2 unpicked.
  local base = 0
  for _, id in ipairs(game.keys(game.data.strategy_cards)) do
    local d = game.data.strategy_cards[id]
    if d.set == "shattered_empire" then base = base + 1 end
  end
  local best, bp, bn = nil, 1, false
  for picks = 1, 9 do
    for _, ninth in ipairs({ false, true }) do
      local left = base + (ninth and 1 or 0) - picks * math.max(n, 1)
      if left >= 0 and (not best or math.abs(left - 2) < best) then best, bp, bn = math.abs(left - 2), picks, ninth end
    end
  end
  return bp, bn
end

-- The cards in play: the SE set, with the ninth card when it is in play.
-- (The ninth cards are data: listed once, at the first call that needs them.)
local base_sc_ids = L.sc_ids
local ninth_ids
function L.sc_ids()
  local ids = base_sc_ids()
  if not game.get("game", nil, "sa_ninth") then return ids end
  if not ninth_ids then
    ninth_ids = {}
    for _, id in ipairs(game.keys(game.data.strategy_cards)) do
      if game.data.strategy_cards[id].ninth then ninth_ids[#ninth_ids + 1] = id end
    end
  end
  for _, id in ipairs(ninth_ids) do ids[#ids + 1] = id end
  table.sort(ids, function(a, b)
    return game.data.strategy_cards[a].initiative < game.data.strategy_cards[b].initiative
  end)
  return ids
end

-- The picks of the strategy phase: `picks` rounds in which each player of
-- `order` takes one free card. A variant with another way of picking (sa-es's
-- Pacts) replaces this. ti3's seams of the choice apply: the cards free for
-- p (L.free_strategy_cards: barred cards left out), a player who kept his
-- cards choosing none (L.skips_strategy_choice), the strategy_card_chosen
-- window after each choice (a handler may send the card back).
function S.pick_cards(order, picks)
  for _ = 1, picks do
    for _, p in ipairs(order) do
      local refused, id = {}, nil
      local free = L.skips_strategy_choice(p) and {} or L.free_strategy_cards(p, refused)
      while #free > 0 and not id do
        id = game.choose(p, { key = "sa.choose_strategy_card" }, L.strategy_card_choices(p, free))
        local w = game.window("strategy_card_chosen", { player = p, card = id })
        if w.redo then
          refused[id] = true
          free = L.free_strategy_cards(p, refused)
          if #L.strategy_card_choices(p, free) > 0 then id = nil else refused[id] = nil end
        end
      end
      if id then
        game.put("game", nil, "sc_owner:" .. id, p)
        game.put("game", nil, "sc_used:" .. id, false)
        local bonus = game.get("game", nil, "sc_bonus:" .. id) or 0
        if bonus > 0 then
          game.log({ key = "sa.takes_card_bonus", p = pn(p), card = L.name("strategy_cards", id), n = bonus })
        else
          game.log({ key = "sa.takes_card", p = pn(p), card = L.name("strategy_cards", id) })
        end
        if bonus > 0 then
          game.put("game", nil, "sc_bonus:" .. id, 0)
          L.take_bonus(p, id, bonus)
        end
        local h = game.data.strategy_cards[id].handler
        if type(h) == "table" and h.chosen then h.chosen(p, game.data.strategy_cards[id]) end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Strategy phase.
procedure("strategy_phase", function(ctx)
  local players = S.players()
  local n = #players
  local picks, ninth = S.counts(n)
  game.put("game", nil, "sa_ninth", ninth or nil)
  game.log({ key = (picks > 1 and "sa.strategy_phase_cards" or "sa.strategy_phase_card") .. (ninth and "_ninth" or ""), n = n, picks = picks })
  -- Who holds each planet as the round starts (space docks, ti3).
  for sys = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(sys)) do game.put("planet", pl, "round_start_owner", game.planet_owner(pl)) end
  end
  local order = {}
  for _, p in ipairs(L.order_from(L.speaker())) do if S.in_game(p) then order[#order + 1] = p end end
  S.pick_cards(order, picks)
  -- Every player has chosen, before the bonus counters (ti3's window).
  game.window("strategy_cards_chosen", { player = L.speaker() })
  local unpicked = {}
  for _, id in ipairs(L.sc_ids()) do
    if not game.get("game", nil, "sc_owner:" .. id) then
      unpicked[#unpicked + 1] = id
      game.put("game", nil, "sc_bonus:" .. id, (game.get("game", nil, "sc_bonus:" .. id) or 0) + 1)
    end
  end
  game.put("game", nil, "sa_ghost", nil)
  local five = false
  for _, k in ipairs(rules().unpicked_card_players or {}) do if k == n then five = true end end
  if five and #unpicked > 0 then
    local id = unpicked[game.random(#unpicked)]
    game.put("game", nil, "sc_bonus:" .. id, math.max(0, (game.get("game", nil, "sc_bonus:" .. id) or 0) - 1))
    game.put("game", nil, "sa_ghost", id)
    game.put("game", nil, "sc_used:" .. id, false)
    game.log({ key = "sa.ghost_card_drawn", card = L.name("strategy_cards", id) })
  end
end)

---------------------------------------------------------------------------
-- The card played by no player (5 players).
function S.initiative(p)
  local best = 99
  for _, id in ipairs(L.cards_of(p)) do best = math.min(best, game.data.strategy_cards[id].initiative) end
  if L.flag(p, "initiative_zero") > 0 and #L.cards_of(p) > 0 then best = 0 end
  return best
end

function S.run_ghost()
  local id = game.get("game", nil, "sa_ghost")
  if not id or game.get("game", nil, "sc_used:" .. id) then return end
  game.put("game", nil, "sc_used:" .. id, true)
  local d = game.data.strategy_cards[id]
  local h = d.handler
  game.log({ key = "sa.ghost_card_played", card = L.name("strategy_cards", id) })
  local ctx = { card = id, ghost = true }
  if type(h) == "table" and h.secondary then
    for _, q in ipairs(L.order_from(L.speaker())) do
      if S.in_game(q) then
        local free = d.free_secondary or game.get("player", q, "free_secondaries")
        if (free or game.counter(q, "strategy") > 0) and (not h.can_secondary or h.can_secondary(q, d, ctx)) then
          if game.choose(q, { key = "sa.use_ghost_secondary", card = L.name("strategy_cards", id), id = id }, { "no", "yes" }) == "yes" then
            if not free then game.add(q, "strategy", -1) end
            game.log({ key = "sa.uses_ghost_secondary", p = pn(q), card = L.name("strategy_cards", id) })
            h.secondary(q, d, ctx)
          end
        end
      end
    end
  end
  if type(h) == "table" and h.played then h.played(nil, d, ctx) end
  -- A special effect at the end of the turn (Trade) follows at once.
  if type(h) == "table" and h.turn_end then h.turn_end({}) end
end

local function taken() return game.get("game", nil, "sa_first_turns") or {} end

function S.on_turn_start(ctx)
  local p = ctx.player
  if not p then return end
  local t = taken()
  local ghost = game.get("game", nil, "sa_ghost")
  if ghost and not game.get("game", nil, "sc_used:" .. ghost) and not t[tostring(p)]
    and S.initiative(p) > game.data.strategy_cards[ghost].initiative then
    S.run_ghost()
  end
  t[tostring(p)] = true
  game.put("game", nil, "sa_first_turns", t)
end

function S.on_turn_end(ctx)
  game.put("game", nil, "sa_active_system", nil)
  -- Hostile acts kept open for a ceasefire that never came (no battle).
  local pend = game.get("game", nil, "sa_pending_breaks") or {}
  if #pend > 0 then
    game.put("game", nil, "sa_pending_breaks", {})
    for _, x in ipairs(pend) do S.break_between(x.p, x.q, x.p, "hostile act") end
  end
  local ghost = game.get("game", nil, "sa_ghost")
  if not ghost or game.get("game", nil, "sc_used:" .. ghost) then return end
  local t = taken()
  for _, p in ipairs(S.players()) do
    if #L.cards_of(p) > 0 and not t[tostring(p)] then return end
  end
  S.run_ghost()
end

local base_action_phase = game.procedure_fn("action_phase")
procedure("action_phase", function(ctx)
  game.put("game", nil, "sa_first_turns", {})
  local r = base_action_phase(ctx)
  -- (Safety: a card nobody reached is played before the phase ends.)
  S.run_ghost()
  game.put("game", nil, "sa_ghost", nil)
  return r
end)

-- Cards with an effect after they are played (Trade) hear of it.
-- Bureaucracy: after its primary the holder may turn the Rotation Cycler
-- round for 1 influence (the seed points to "changes on the Bureaucracy
-- Strategy Card"; the change is printed on the later SA card, whose picture
-- is the only source: UNCERTAIN). L.flip_rotation is rules/k_victory.lua's.
local base_resolve_primary = L.resolve_primary
function L.resolve_primary(p, d, ctx)
  local r = base_resolve_primary(p, d, ctx)
  if ctx.card == "bureaucracy" then
    local cost = rules().bureaucracy_flip_influence or 1
    if L.flip_rotation and L.spendable(p, "influence") >= cost
      and game.choose(p, { key = "sa.turn_rotation_cycler", n = cost }, { "no", "yes" }) == "yes" then
      L.pay(p, cost, "influence")
      L.flip_rotation()
    end
  end
  return r
end

local base_strategic = game.procedure_fn("strategic_action")
procedure("strategic_action", function(ctx)
  local d = ctx.card and game.data.strategy_cards[ctx.card]
  local h = d and d.handler
  local r = table.pack(base_strategic(ctx))
  if type(h) == "table" and h.played then h.played(ctx.player, d, ctx) end
  return table.unpack(r, 1, r.n)
end)

---------------------------------------------------------------------------
-- Assembly: agendas and the Voice of the Council.

-- q puts an agenda to the vote: a political card from his hand, or one drawn
-- at random from the deck. It goes to zone "agenda:assembly"; returns it.
function L.sa_place_agenda(q)
  local opts, seen = {}, {}
  for _, c in ipairs(game.zone("politics:" .. q)) do
    if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
  end
  table.sort(opts)
  opts[#opts + 1] = "draw at random"
  local pick = game.choose(q, { key = "sa.agenda_to_vote" }, opts)
  local c
  if pick == "draw at random" then
    c = L.draw("deck:politics", "discard:politics", "agenda:assembly", 1)[1]
    if not c then
      game.log({ key = "sa.political_deck_empty", p = pn(q) })
      return nil
    end
    game.log({ key = "sa.agenda_drawn", p = pn(q), card = L.name("political_cards", c) })
  else
    c = pick
    game.move_card(c, "politics:" .. q, "agenda:assembly")
    game.log({ key = "sa.agenda_put", p = pn(q), card = L.name("political_cards", c) })
  end
  return c
end

-- After the agendas are chosen: from the Assembly holder in rotation, the
-- first player who wants to (and can) pays for a Voice of the Council
-- election. Returns true when one is called.
function S.call_voice(holder)
  local r = rules()
  if round_no() < L.sa_voice_first_round() then return false end
  if not (game.data.objectives and game.data.objectives.voice_of_the_council) then return false end
  local cost = r.voice_cost or 1
  for _, q in ipairs(L.order_from(holder)) do
    if S.in_game(q) and game.counter(q, "strategy") >= cost
      and game.choose(q, { key = "sa.call_voice", n = cost }, { "no", "yes" }) == "yes" then
      game.add(q, "strategy", -cost)
      game.log({ key = "sa.calls_voice", p = pn(q), name = L.name("objectives", "voice_of_the_council") })
      return true
    end
  end
  return false
end

-- The election: an "elect player" vote with the objective card as agenda;
-- its handler (cards/objectives.yaml of ti3) gives control to the elected.
function S.voice_election()
  game.zone_new("deck:voice_of_the_council", nil, { "voice_of_the_council" })
  game.step("agenda", { coll = "objectives", deck = "deck:voice_of_the_council", discard_zone = "discard:voice_of_the_council", laws = "laws" })
end

function S.voice() return game.get("game", nil, "objective_controller:voice_of_the_council") end

-- The Voice of the Council has more votes at all times.
local base_votes = L.votes
function L.votes(p)
  local v = base_votes(p)
  if S.voice() == p then v = v + (rules().voice_votes or 5) end
  return v
end

---------------------------------------------------------------------------
-- Trade goods on trade agreements.
local function agreements() return game.get("game", nil, "agreements") or {} end
local function key(a) return a.a .. ":" .. tostring(a.ai) .. ":" .. a.b .. ":" .. tostring(a.bi) end

local function store() return game.get("game", nil, "sa_trade_tg") or {} end

-- Value of the agreement for side `p` (the contract of the other side he holds).
local function value(a, side)
  if side == "a" then
    local race = L.faction(a.b)
    return ((race and race.trade_agreements) or {})[a.bi] or 0
  end
  local race = L.faction(a.a)
  return ((race and race.trade_agreements) or {})[a.ai] or 0
end

local function pay_out(p, n, why)
  if p and n > 0 then L.gain_tg(p, n, why) end
end

-- Settles an agreement's trade goods when it is broken: the aggressor's are
-- discarded and his partner collects all of his; without an aggressor each
-- collects half of his, rounded down.
local function settle(e, aggressor, why)
  if not e then return end
  local ta, tb = e.ta or 0, e.tb or 0
  if ta + tb == 0 then return end
  if aggressor then
    if aggressor == e.a then
      if ta > 0 then game.log({ key = "sa.discards_agreement_tg", p = pn(e.a), n = ta, q = pn(e.b) }) end
      pay_out(e.b, tb, "trade agreement broken by " .. pn(e.a))
    else
      if tb > 0 then game.log({ key = "sa.discards_agreement_tg", p = pn(e.b), n = tb, q = pn(e.a) }) end
      pay_out(e.a, ta, "trade agreement broken by " .. pn(e.b))
    end
  else
    pay_out(e.a, ta // 2, "half of a broken trade agreement")
    if e.b ~= e.a then pay_out(e.b, tb // 2, "half of a broken trade agreement")
    else pay_out(e.a, tb // 2, "half of a broken trade agreement") end
  end
end

-- Agreements gone from the list since the trade goods were last looked at
-- are settled as broken for another reason.
function S.reconcile()
  local st = store()
  local live = {}
  for _, a in ipairs(agreements()) do live[key(a)] = true end
  local changed = false
  for _, k in ipairs(game.keys(st)) do
    if not live[k] then
      settle(st[k], nil)
      st[k] = nil
      changed = true
    end
  end
  if changed then game.put("game", nil, "sa_trade_tg", st) end
  return st
end

function S.trade_goods_on(p)
  local n = 0
  local st = S.reconcile()
  for _, a in ipairs(agreements()) do
    local e = st[key(a)]
    if e then
      if a.a == p then n = n + (e.ta or 0) end
      if a.b == p then n = n + (e.tb or 0) end
    end
  end
  return n
end

---------------------------------------------------------------------------
-- Galactic Trade (seed 000): trade with oneself. With 4 players a player may
-- trade one of his trade contracts with himself, with 2 or 3 players both
-- (rules.self_trade_by_players); like any agreement it needs the approval of
-- the Trade holder (not when he makes it himself; Hacan need nobody's). It is
-- offered as the negotiations of a Trade primary open, to each player from the
-- holder on in rotation, before the players propose agreements to each other
-- (our reading of "when": the seed only says it needs the Trade holder's
-- permission). One contract i traded with oneself is the agreement
--   { a = p, ai = i, b = p, bi = i, self = true }
-- and pays the value of contract i once. (S.self_trade_offers below is the
-- hook a variant with another self-trade rule replaces; the income and trade
-- goods here serve any rule that makes the same record.)
-- The trade goods of all agreements are placed at the same moment
-- (S.place_trade_goods): everybody acquires them simultaneously.
function S.single_self(a) return a.self and a.a == a.b and a.ai == a.bi end

local function contract_value(p, i)
  local race = L.faction(p)
  return ((race and race.trade_agreements) or {})[i] or 0
end

function S.self_trades_allowed(n)
  return (rules().self_trade_by_players or {})[n] or 0
end

-- Contracts p has traded with himself.
function S.self_contracts(p)
  local n = 0
  for _, a in ipairs(agreements()) do
    if a.a == p and a.b == p then n = n + (S.single_self(a) and 1 or 2) end
  end
  return n
end

function S.free_contract(p)
  local used = {}
  for _, a in ipairs(agreements()) do
    if a.a == p and a.ai then used[a.ai] = true end
    if a.b == p and a.bi then used[a.bi] = true end
  end
  local race = L.faction(p)
  for i = 1, #((race and race.trade_agreements) or {}) do
    if not used[i] then return i end
  end
  return nil
end

-- p may trade his free contracts with himself, one at a time.
function S.offer_self_trade(p, holder)
  local allowed = S.self_trades_allowed(game.num_players())
  while S.free_contract(p) and S.self_contracts(p) < allowed do
    local i = S.free_contract(p)
    if game.choose(p, { key = "sa.trade_with_yourself" }, { "no", "yes" }) ~= "yes" then return end
    if holder and holder ~= p and L.flag(p, "trade_no_approval") == 0
      and game.choose(holder, { key = "sa.approve_self_trade", p = pn(p) }, { "approve", "refuse" }) ~= "approve" then
      game.log({ key = "sa.self_trade_refused", p = pn(holder), q = pn(p) })
      return
    end
    local list = agreements()
    list[#list + 1] = { a = p, ai = i, b = p, bi = i, self = true }
    game.put("game", nil, "agreements", list)
    game.log({ key = "sa.self_trade", p = pn(p), n = contract_value(p, i) })
  end
end

-- As trade negotiations open (before the players propose agreements to each
-- other): the self-trade offers, to each player from the holder on. A variant
-- with its own self-trade rule replaces this function.
function S.self_trade_offers(holder)
  if S.self_trades_allowed(game.num_players()) > 0 then
    for _, p in ipairs(L.order_from(holder)) do
      if S.in_game(p) then S.offer_self_trade(p, holder) end
    end
  end
end

-- SA pays agreements through the trade goods placed on them (above), not
-- TI3's bar on collecting from an agreement formed in the same action.
function L.new_agreement_waits(holder) return false end

local base_negotiate = L.negotiate
function L.negotiate(holder)
  S.self_trade_offers(holder)
  return base_negotiate(holder)
end

-- ti3's income helper counts both sides of an agreement: a one-contract
-- agreement with oneself pays once; p is his own partner once.
local base_income = L.trade_income
function L.trade_income(p)
  local n = base_income(p)
  for _, a in ipairs(agreements()) do
    if S.single_self(a) and a.a == p then n = n - contract_value(p, a.ai) end
  end
  return n
end
local base_partners = L.trade_partners
function L.trade_partners(p)
  local out = base_partners(p)
  local keep, seen = {}, false
  for _, q in ipairs(out) do
    if q ~= p then keep[#keep + 1] = q
    elseif not seen then seen = true; keep[#keep + 1] = q end
  end
  return keep
end

function S.place_trade_goods()
  local st = S.reconcile()
  local got = {}
  for _, a in ipairs(agreements()) do
    local k = key(a)
    local e = st[k] or { a = a.a, b = a.b, ta = 0, tb = 0 }
    local va = value(a, "a") + L.flag(a.a, "trade_bonus_per_agreement")
    local vb = value(a, "b") + L.flag(a.b, "trade_bonus_per_agreement")
    -- A one-contract agreement with oneself pays its contract once (side b).
    if S.single_self(a) then va = 0 end
    e.ta = (e.ta or 0) + va
    e.tb = (e.tb or 0) + vb
    st[k] = e
    got[a.a] = (got[a.a] or 0) + va
    got[a.b] = (got[a.b] or 0) + vb
  end
  game.put("game", nil, "sa_trade_tg", st)
  for _, p in ipairs(game.keys(got)) do
    game.log({ key = "sa.agreement_tg_placed", n = got[p], p = pn(p), total = S.trade_goods_on(p) })
  end
end

function S.collect(p)
  local st = S.reconcile()
  local n = 0
  for _, a in ipairs(agreements()) do
    local e = st[key(a)]
    if e then
      if a.a == p then n = n + (e.ta or 0); e.ta = 0 end
      if a.b == p then n = n + (e.tb or 0); e.tb = 0 end
    end
  end
  game.put("game", nil, "sa_trade_tg", st)
  if n > 0 then L.gain_tg(p, n, "collected from trade agreements") else game.log({ key = "sa.no_agreement_tg", p = pn(p) }) end
  return n
end
-- "Collecting from trade agreements" takes what lies on them (SA).
L.collect_trade = S.collect

-- Breaks one agreement (a record of the list), settling its trade goods.
function S.break_agreement(a, aggressor, why)
  local st = S.reconcile()
  local k = key(a)
  local list, keep, found = agreements(), {}, false
  for _, x in ipairs(list) do
    if not found and key(x) == k then found = true else keep[#keep + 1] = x end
  end
  if not found then return false end
  game.put("game", nil, "agreements", keep)
  if why then
    game.log({ key = "sa.agreement_broken_why", p = pn(a.a), q = pn(a.b), why = why })
  else
    game.log({ key = "sa.agreement_broken", p = pn(a.a), q = pn(a.b) })
  end
  settle(st[k], aggressor, why)
  st[k] = nil
  game.put("game", nil, "sa_trade_tg", st)
  return true
end

-- Breaks the agreement(s) between p and q; `aggressor` as above.
function S.break_between(p, q, aggressor, why)
  local any = false
  for _, a in ipairs(agreements()) do
    if (a.a == p and a.b == q) or (a.a == q and a.b == p) then
      if S.break_agreement(a, aggressor, why) then any = true end
    end
  end
  return any
end

-- A hostile act breaks the agreements of the two (rules/b_general.lua breaks
-- them right after the window); the trade goods are settled here first. Ships
-- moving in beside a fleet with a diplomat do not break them yet: a ceasefire
-- retreat would keep them (rules/e_retreat.lua breaks them when the battle is
-- fought).
function S.on_hostile_act(ctx)
  local p, q = ctx.player, ctx.target
  if not p or not q or ctx.keep_agreements then return end
  local sys = game.get("game", nil, "sa_active_system")
  if L.sa_ceasefire_possible and ctx.why == "ships moved in beside its ships" and sys and L.sa_ceasefire_possible(p, q, sys) then
    ctx.keep_agreements = true
    local pend = game.get("game", nil, "sa_pending_breaks") or {}
    pend[#pend + 1] = { p = p, q = q, system = sys }
    game.put("game", nil, "sa_pending_breaks", pend)
    return
  end
  S.break_between(p, q, p, "hostile act")
end

-- Every other way of breaking all agreements settles half each.
local base_break_all = L.break_agreements
function L.break_agreements()
  S.reconcile()
  local r = base_break_all()
  S.reconcile()
  return r
end

-- The system activated in the current tactical action (game prop
-- sa_active_system, cleared when the turn ends): where its effects happen.
local base_activation = game.procedure_fn("activation")
procedure("activation", function(ctx)
  local r = base_activation(ctx)
  if ctx.system then game.put("game", nil, "sa_active_system", ctx.system) end
  return r
end)

---------------------------------------------------------------------------
-- Transfer actions are removed (the Simultaneous Action System option of the
-- seed replaces them): ti3's hook (round.lua).
function L.transfers_allowed(p) return false end
procedure("transfer_action", function(ctx)
  error("there are no transfer actions in Shattered Ascension")
end)

---------------------------------------------------------------------------
-- Setup: the game holds the strategy rules and the Trade card (its effect
-- after the turn); the agenda zone of Assembly.
local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  local r = base_setup(args)
  game.zone_new("agenda:assembly")
  for _, id in ipairs(game.keys(game.data.sa_strategy_rules or {})) do game.grant("game", "sa_strategy_rules", id) end
  if game.data.strategy_cards.trade_ii then game.grant("game", "strategy_cards", "trade_ii") end
  return r
end)

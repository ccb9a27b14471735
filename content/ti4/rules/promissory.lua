-- Promissory notes (LRR 69) and their place in transactions (LRR 94).
--
-- Each player starts with the generic notes in their colour and their
-- faction's own note (cards/promissory.yaml), as cards "<id>:p<owner>" in
-- the zone `notes:<p>` (their hand). A note is played by a player other
-- than its owner (69.2): at a window its definition lists in `timing`
-- (asked when its script's `when` says it applies), as an action (a script
-- with `component`), or, for War Funding, between the two sides' combat
-- rolls. Once resolved it goes back to its owner's hand (69.3), or, with
-- `play_area`, stays face up in the holder's zone `notes_area:<p>`, where it
-- cannot be traded (69.5a) and, with `returns_on_activation`, goes back when
-- the holder activates a system holding the owner's units.
-- In a transaction each side may give up to one note from their hand
-- (69.5, 94.2): the active player names the note they give and the note
-- they ask for.
-- Elimination (LRR 33.4, rules/lrr.lua) boxes the eliminated player's notes
-- and returns the notes they held to their owners.
local L = game.lib
local COLL = "promissory_notes"

local function hand(p) return "notes:" .. p end
local function area(p) return "notes_area:" .. p end

-- The card string of owner's note `id`.
function L.note_card(id, owner) return id .. ":p" .. owner end

-- The note id and owner of a card string (parsed once per card string).
local parsed = {}
function L.note_of(card)
  local c = parsed[card]
  if not c then
    local id, o = card:match("^([%w_]+):p(%d+)$")
    c = { id, tonumber(o) }
    parsed[card] = c
  end
  return c[1], c[2]
end

-- A keyed fragment naming a note and its owner ("Ceasefire (p2)").
function L.note_label(card)
  local id, o = L.note_of(card)
  return { key = "ti4.note_of", note = L.name(COLL, id), q = L.pn(o) }
end

local function sorted(list)
  local out = {}
  for _, c in ipairs(list) do out[#out + 1] = c end
  table.sort(out)
  return out
end

-- The notes p holds in hand, sorted.
function L.notes_in_hand(p) return sorted(game.zone(hand(p))) end

-- The notes face up in p's play area, sorted.
function L.notes_in_play(p) return sorted(game.zone(area(p))) end

-- Whether p has owner's note `id` in their play area.
function L.note_in_play(p, id, owner)
  local card = L.note_card(id, owner)
  for _, c in ipairs(game.zone(area(p))) do
    if c == card then return true end
  end
  return false
end

local function in_zone(zone, card)
  for _, c in ipairs(game.zone(zone)) do
    if c == card then return true end
  end
  return false
end

-- Owner's note goes back to the owner's hand from `zone` (LRR 69.3-69.4);
-- the script's `returned` runs first (Support for the Throne's point).
function L.return_note(card, zone, p)
  local id, o = L.note_of(card)
  local d = game.data[COLL][id]
  local h = d.handler
  if type(h) == "table" and h.returned and p then h.returned(p, o, d) end
  game.move_card(card, zone, hand(o))
  game.log({ key = "ti4.note_returns", note = L.note_label(card), q = L.pn(o) })
end

-- p plays `card` from their hand: `effect()` resolves it; then it goes face
-- up into p's play area (play_area) or back to its owner.
function L.resolve_note(p, card, effect)
  local id, o = L.note_of(card)
  local d = game.data[COLL][id]
  game.log({ key = "ti4.plays_note", p = L.pn(p), note = L.note_label(card) })
  effect()
  if not in_zone(hand(p), card) then return end
  if d.play_area then
    game.move_card(card, hand(p), area(p))
    game.log({ key = "ti4.note_in_play_area", p = L.pn(p), note = L.note_label(card) })
  else
    L.return_note(card, hand(p))
  end
end

-- hook: whether p may resolve (play, or have act on receipt) the promissory note `id` of player o that p holds; default: yes.
function L.may_resolve_note(p, o, id) return true end

-- p received `card` (a transaction): a note that acts on receipt (Support
-- for the Throne) does so.
function L.note_received(p, card)
  local id, o = L.note_of(card)
  local d = game.data[COLL][id]
  local h = d.handler
  if o ~= p and type(h) == "table" and h.received and L.may_resolve_note(p, o, id) then h.received(p, o, d, card) end
end

---------------------------------------------------------------------------
-- Set-up (LRR 69): the generic notes and the faction's note.
---------------------------------------------------------------------------
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  local fac = game.get("player", p, "faction")
  local cards = {}
  for _, id in ipairs(game.keys(game.data[COLL])) do
    local d = game.data[COLL][id]
    if d.generic or d.faction == fac then cards[#cards + 1] = L.note_card(id, p) end
  end
  game.zone_new(hand(p), p, cards)
  game.zone_new(area(p), p)
  return r
end)

---------------------------------------------------------------------------
-- Playing notes at their windows: from the active player (or the window's
-- player) in order, each note in hand whose `timing` lists the window and
-- whose `when` passes is offered to its holder.
---------------------------------------------------------------------------
local function lists(t, w)
  for _, x in ipairs(t or {}) do
    if x == w then return true end
  end
  return false
end

-- The note ids whose `timing` lists a window (window -> set), made when
-- the pack is loaded.
local at_window = {}

-- Whether p's hand `list` holds a note of another player whose timing lists
-- w (a quick test before the full one below).
local function may_offer(w, p, list)
  local ids = at_window[w]
  if not ids then return false end
  for _, card in ipairs(list) do
    local id, o = L.note_of(card)
    if o ~= p and ids[id] then return true end
  end
  return false
end

-- `only` (optional): the set of cards that may be offered.
local function offer(w, ctx, only)
  local first = ctx.active or game.get("game", nil, "active") or ctx.player or L.speaker()
  for _, p in ipairs(L.order_from(first)) do
    local list = game.zone(hand(p))
    if #list > 0 and not may_offer(w, p, list) then
      if ctx.cancel then return end
    elseif #list > 0 then
      for _, card in ipairs(sorted(list)) do
        local id, o = L.note_of(card)
        local d = game.data[COLL][id]
        local h = d and d.handler
        if o ~= p and type(h) == "table" and h.run and lists(d.timing, w) and in_zone(hand(p), card)
          and (not only or only[card]) and L.may_resolve_note(p, o, id)
          and (not h.when or h.when(ctx, p, o, d)) then
          if game.choose(p, { key = "ti4.play_note", note = L.note_label(card) }, { "no", "yes" }) == "yes" then
            L.resolve_note(p, card, function() h.run(ctx, p, o, d) end)
          end
        end
        if ctx.cancel then return end
      end
    end
  end
end

-- (A fight in which nobody has a note in hand is left alone.)
local function no_notes()
  for p = 1, game.num_players() do
    if game.zone_count(hand(p)) > 0 then return false end
  end
  return true
end

game.when_loaded(function()
  local seen = {}
  for _, id in ipairs(game.keys(game.data[COLL] or {})) do
    for _, w in ipairs(game.data[COLL][id].timing or {}) do
      at_window[w] = at_window[w] or {}
      at_window[w][id] = true
      if not seen[w] then
        seen[w] = true
        game.on(w, function(ctx) offer(w, ctx) end, { plain = no_notes })
      end
    end
  end
end)

---------------------------------------------------------------------------
-- Notes played as an action ("note:<card>" among the action options).
---------------------------------------------------------------------------
local function note_actions(p)
  local out = {}
  for _, card in ipairs(L.notes_in_hand(p)) do
    local id, o = L.note_of(card)
    local d = game.data[COLL][id]
    local h = d.handler
    if o ~= p and type(h) == "table" and h.component and L.may_resolve_note(p, o, id) and (not h.usable or h.usable(p, o, d)) then
      local opt = "note:" .. card
      if out[#out] ~= opt then out[#out + 1] = opt end
    end
  end
  return out
end

local base_action_options = game.procedure_fn("action_options")
procedure("action_options", function(p)
  local opts = base_action_options(p)
  local extra = note_actions(p)
  if #extra == 0 then return opts end
  local last = opts[#opts] == "pass" and table.remove(opts) or nil
  for _, o in ipairs(extra) do opts[#opts + 1] = o end
  if last then opts[#opts + 1] = last end
  return opts
end)

local base_take_action = L.take_action
function L.take_action(p, act)
  local card = act:match("^note:(.+)$")
  if not card then return base_take_action(p, act) end
  local ctx = { player = p, active = p, card = card }
  game.atomic(game.step, "note_action", ctx)
  return ctx
end

-- A component action: the active player plays the note ctx.card.
procedure("note_action", function(ctx)
  local p, card = ctx.player, ctx.card
  local id, o = L.note_of(card)
  local d = game.data[COLL][id]
  L.resolve_note(p, card, function() d.handler.component(p, o, d, ctx) end)
end)

---------------------------------------------------------------------------
-- Notes in play areas that go back when their holder activates a system
-- holding the owner's units (Support for the Throne, Trade Convoys,
-- Promise of Protection, Antivirus).
---------------------------------------------------------------------------
game.on("after:activation", function(ctx)
  local p, s = ctx.player, ctx.system
  for _, card in ipairs(L.notes_in_play(p)) do
    local id, o = L.note_of(card)
    local d = game.data[COLL][id]
    if d.returns_on_activation and game.count_units { system = s, owner = o } > 0 and L.activation_touches(p, o) then
      L.return_note(card, area(p), p)
    end
  end
end, { priority = 5 })

---------------------------------------------------------------------------
-- Transactions: up to one note from each side's hand (LRR 69.5, 94.2).
---------------------------------------------------------------------------
local base_other_goods = L.trade_other_goods
function L.trade_other_goods(p, q)
  return base_other_goods(p, q) + game.zone_count(hand(p)) + game.zone_count(hand(q))
end

local base_other_terms = L.trade_other_terms
function L.trade_other_terms(p, q, terms)
  local other = base_other_terms(p, q, terms)
  local give, ask
  local mine, theirs = L.notes_in_hand(p), L.notes_in_hand(q)
  if #mine > 0 then
    local o = { "none" }
    for _, c in ipairs(mine) do o[#o + 1] = c end
    give = game.choose(p, { key = "ti4.note_to_give", q = L.pn(q) }, o)
    if give == "none" then give = nil end
  end
  if #theirs > 0 then
    local o = { "none" }
    for _, c in ipairs(theirs) do o[#o + 1] = c end
    ask = game.choose(p, { key = "ti4.note_to_ask", q = L.pn(q) }, o)
    if ask == "none" then ask = nil end
  end
  if not give and not ask then return other end
  local goods = other and other.terms or terms
  return {
    n = (other and other.n or 0) + (give and 1 or 0) + (ask and 1 or 0),
    terms = { key = "ti4.trade_terms_notes", goods = goods,
      give = give and L.note_label(give) or { key = "ti4.no_note" },
      ask = ask and L.note_label(ask) or { key = "ti4.no_note" } },
    exchange = function()
      if other then other.exchange() end
      if give then game.move_card(give, hand(p), hand(q)) end
      if ask then game.move_card(ask, hand(q), hand(p)) end
      if give then L.note_received(q, give) end
      if ask then L.note_received(p, ask) end
    end,
  }
end

---------------------------------------------------------------------------
-- Hooks the faction notes use.
---------------------------------------------------------------------------

-- Trade Convoys in a play area: its holder trades with anyone.
local base_may_trade = L.may_trade
function L.may_trade(p, q)
  if base_may_trade(p, q) then return true end
  for _, x in ipairs({ p, q }) do
    for _, card in ipairs(game.zone(area(x))) do
      if L.note_of(card) == "trade_convoys" then return true end
    end
  end
  return false
end

-- Promise of Protection in q's play area: the Mentak player (its owner)
-- cannot Pillage q.
local base_pillage = L.pillage
function L.pillage(q)
  for _, card in ipairs(game.zone(area(q))) do
    if L.note_of(card) == "promise_of_protection" then return end
  end
  return base_pillage(q)
end

-- Antivirus in the opponent's play area: no Technological Singularity
-- against them.
local base_singularity_allowed = L.singularity_allowed
function L.singularity_allowed(p, opp)
  if L.note_in_play(opp, "antivirus", p) then return false end
  return base_singularity_allowed(p, opp)
end

-- Gift of Prescience in a play area: its holder has the "0" token (when
-- they hold a strategy card) and Telepathic does not apply this round.
local base_zero = L.zero_token_player
function L.zero_token_player()
  for p = 1, game.num_players() do
    for _, card in ipairs(game.zone(area(p))) do
      if L.note_of(card) == "gift_of_prescience" then
        return #L.cards_of(p) > 0 and p or nil
      end
    end
  end
  return base_zero()
end

-- The Gift goes back at the end of the status phase.
game.on("after:status_phase", function(ctx)
  for p = 1, game.num_players() do
    for _, card in ipairs(L.notes_in_play(p)) do
      if L.note_of(card) == "gift_of_prescience" then L.return_note(card, area(p), p) end
    end
  end
end)

-- Acquiescence: the players listed in ctx.no_token resolve the secondary
-- of this strategic action without a command token.
local base_secondary_free = L.secondary_free
function L.secondary_free(q, d, ctx)
  if ctx and ctx.no_token and ctx.no_token[q] then return true end
  return base_secondary_free(q, d, ctx)
end

-- Political Secret: the owner silenced on agenda `silenced` (player prop)
-- abstains and plays no action card or optional ability until it is resolved.

-- Whether a Political Secret silences p on the agenda being voted on.
function L.note_silenced(p)
  local a = game.get("player", p, "silenced")
  if not a then return false end
  local rev = game.zone("revealed:agenda")
  return rev[#rev] == a
end
local function silenced(p) return L.note_silenced(p) end

local base_forced_vote = L.forced_vote
function L.forced_vote(p, id, opts)
  if silenced(p) then return "abstain" end
  return base_forced_vote(p, id, opts)
end

local base_play_optional = game.procedure_fn("play_optional")
procedure("play_optional", function(p, coll, id, ctx)
  if (coll == "action_cards" or coll == "abilities") and silenced(p) then
    game.log({ key = "ti4.silenced", p = L.pn(p), card = L.name(coll, id), note = L.name(COLL, "political_secret") })
    return false
  end
  return base_play_optional(p, coll, id, ctx)
end)

game.on("after:agenda", function(ctx)
  for p = 1, game.num_players() do game.put("player", p, "silenced", nil) end
end)

-- War Funding: after both sides of a space combat round rolled. The dice of
-- each side are those of its last combat_rolled window.
local rolled = {}
-- (Only remembered: the note's holder acts on them.)
game.on("combat_round_start", function(ctx) rolled = {} end, { plain = true })
game.on("combat_rolled", function(ctx)
  if not ctx.ground then rolled[ctx.player] = ctx.groups end
end, { priority = -50, plain = true })

-- Whether War Funding would change anything: the opponent rolled dice, or
-- p missed one.
local function worth_funding(p, opp)
  for _, g in ipairs(rolled[opp] or {}) do
    if #(g.rolls or {}) > 0 then return true end
  end
  for _, g in ipairs(rolled[p] or {}) do
    for _, r in ipairs(g.rolls or {}) do
      if r < g.target then return true end
    end
  end
  return false
end

local function reroll(p, g, idx, label)
  local hits, rolls = game.roll(label, #idx, g.target)
  local before = 0
  for _, i in ipairs(idx) do if g.rolls[i] >= g.target then before = before + 1 end end
  for j, i in ipairs(idx) do g.rolls[i] = rolls[j] end
  return hits - before
end

local base_rolled = L.space_combat_rolled
function L.space_combat_rolled(rc, ha, hd)
  ha, hd = base_rolled(rc, ha, hd)
  local a, d = rc.attacker, rc.defender
  for _, p in ipairs({ a, d }) do
    local opp = p == a and d or a
    for _, card in ipairs(p ~= 0 and L.notes_in_hand(p) or {}) do
      local id, o = L.note_of(card)
      if id == "war_funding" and o ~= p and in_zone(hand(p), card) and worth_funding(p, opp)
        and game.choose(p, { key = "ti4.play_note", note = L.note_label(card) }, { "no", "yes" }) == "yes" then
        local name = L.name(COLL, id)
        L.resolve_note(p, card, function()
          local delta_opp, delta_own = 0, 0
          if game.choose(p, { key = "ti4.war_funding_theirs", q = L.pn(opp), note = name }, { "no", "yes" }) == "yes" then
            for _, g in ipairs(rolled[opp] or {}) do
              local idx = {}
              for i = 1, #(g.rolls or {}) do idx[#idx + 1] = i end
              if #idx > 0 then
                delta_opp = delta_opp + reroll(opp, g, idx, { key = "ti4.note_reroll", p = L.pn(opp), unit = g.kind, note = name })
              end
            end
          end
          for _, g in ipairs(rolled[p] or {}) do
            local idx = {}
            for i, r in ipairs(g.rolls or {}) do if r < g.target then idx[#idx + 1] = i end end
            if #idx > 0 and game.choose(p, { key = "ti4.war_funding_own", n = #idx, unit = g.kind, note = name }, { "no", "yes" }) == "yes" then
              delta_own = delta_own + reroll(p, g, idx, { key = "ti4.note_reroll", p = L.pn(p), unit = g.kind, note = name })
            end
          end
          if p == a then ha, hd = ha + delta_own, hd + delta_opp else hd, ha = hd + delta_own, ha + delta_opp end
        end)
      end
    end
  end
  return ha, hd
end
L.plain_wrapper(L.space_combat_rolled, base_rolled, function()
  for p = 1, game.num_players() do
    if game.zone_count(hand(p)) > 0 then return false end
  end
  return true
end)

-- Ceasefire: the tactical action's ctx.ceasefire (the holder who played it)
-- keeps the active player from moving units into the active system.
local base_movement = game.procedure_fn("movement")
procedure("movement", function(ctx)
  if ctx.ceasefire then
    ctx.moved = 0
    game.log({ key = "ti4.no_movement", p = L.pn(ctx.player), note = L.name(COLL, "ceasefire") })
    return
  end
  return base_movement(ctx)
end)

-- Tekklar Legion: the planet props `tekklar` (the holder: +1) and
-- `tekklar_minus` (the N'orr player: -1) hold for every round of the ground
-- combat on that planet, until the invasion step ends.
game.on("combat_round_start", function(ctx)
  if not (ctx.ground and ctx.planet) then return end
  local plus = game.get("planet", ctx.planet, "tekklar")
  if not plus then return end
  local minus = game.get("planet", ctx.planet, "tekklar_minus")
  if ctx.mods[plus] then ctx.mods[plus].all = (ctx.mods[plus].all or 0) + 1 end
  if minus and ctx.mods[minus] then ctx.mods[minus].all = (ctx.mods[minus].all or 0) - 1 end
end, { plain = true }) -- (ground combat only)
game.on("after:ground_combat", function(ctx)
  if ctx.planet then
    game.put("planet", ctx.planet, "tekklar", nil)
    game.put("planet", ctx.planet, "tekklar_minus", nil)
  end
end)

-- A note received in a transaction made within a timing window may be
-- played at once in that window (LRR 94 and its FAQ: a note of "at the
-- start of your turn" received in a transaction at the start of the turn).
-- ctx.window names the window the transaction is made in, ctx.window_ctx
-- (optional) that window's ctx.
local base_transaction = game.procedure_fn("transaction")
procedure("transaction", function(ctx)
  if not ctx.window then return base_transaction(ctx) end
  local before = {}
  for q = 1, game.num_players() do
    for _, c in ipairs(game.zone(hand(q))) do before[q .. "/" .. c] = true end
  end
  local r = base_transaction(ctx)
  local new, any = {}, false
  for q = 1, game.num_players() do
    for _, c in ipairs(game.zone(hand(q))) do
      if not before[q .. "/" .. c] then new[c] = true; any = true end
    end
  end
  if any then offer(ctx.window, ctx.window_ctx or { window = ctx.window, player = ctx.player }, new) end
  return r
end)

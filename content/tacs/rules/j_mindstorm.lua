-- Parts of the Mindstorm Assembly (seed 002, house rule 8) that stand on
-- their own: the Voice of the Council is worth 5 votes to its holder besides
-- its victory point; each status phase every player receives one political
-- card and may discard two of his political cards for one new one.
-- Below: proposed agendas and the vote over several agendas at once, which
-- the Assembly's primary calls (effects/assembly.lua). ti3 never lets
-- political cards be spent as trade goods, so that rule holds as it is.
local L = game.lib

-- hook: the votes the Voice of the Council adds to its holder's (5).
function L.tacs_voice_votes() return 5 end

local base_votes = L.votes
function L.votes(p)
  local v = base_votes(p)
  if v > 0 or L.flag(p, "no_votes") == 0 then
    if game.options.voice_of_the_council and game.get("game", nil, "objective_controller:voice_of_the_council") == p then
      v = v + L.tacs_voice_votes()
    end
  end
  return v
end

local base_draw = game.procedure_fn("draw_action_cards")
procedure("draw_action_cards", function(ctx)
  base_draw(ctx)
  for _, p in ipairs(L.initiative_order()) do
    local got = L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    if #got > 0 then game.log({ key = "tacs.draws_political_card", p = L.pn(p) }) end
    local hand = game.zone("politics:" .. p)
    if #hand >= 2 and game.confirm(p, { key = "tacs.swap_political_cards" }) then
      for _ = 1, 2 do
        local opts = {}
        for _, c in ipairs(game.zone("politics:" .. p)) do opts[#opts + 1] = c end
        table.sort(opts)
        local c = game.choose(p, { key = "tacs.discard_political_card" }, opts)
        game.move_card(c, "politics:" .. p, "discard:politics")
      end
      L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
      game.log({ key = "tacs.swaps_political_cards", p = L.pn(p) })
    end
  end
end)

-- Proposed agendas: each player's face-up political card sits in his zone
-- "proposed:<p>". Every player is dealt one political card when the game is
-- set up (UNCERTAIN: the seed has each player propose one of his political
-- cards in the first strategy phase without saying how he came by it), and
-- proposes one at the start of the first strategy phase; in each status
-- phase (after his new political card) he may replace it with one from his
-- hand, or must propose one if he has none proposed.
game.on("setup_done", function(ctx)
  for p = 1, game.num_players() do
    game.zone_new("proposed:" .. p, p, {})
    L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
  end
end)

-- The proposed agendas, as { player, card }, by player.
function L.tacs_proposed_agendas()
  local out = {}
  for p = 1, game.num_players() do
    local z = game.zone("proposed:" .. p)
    if z and z[1] then out[#out + 1] = { player = p, card = z[1] } end
  end
  return out
end

-- p proposes a political card from his hand (or keeps his, with `may_keep`).
function L.tacs_propose(p, may_keep)
  local hand = {}
  for _, c in ipairs(game.zone("politics:" .. p) or {}) do hand[#hand + 1] = c end
  table.sort(hand)
  if #hand == 0 then return end
  local cur = (game.zone("proposed:" .. p) or {})[1]
  local opts = {}
  if cur and may_keep then opts[1] = "keep" end
  for _, c in ipairs(hand) do opts[#opts + 1] = c end
  local pick = game.choose(p, { key = "tacs.propose_agenda" }, opts)
  if pick == "keep" then return end
  if cur then game.move_card(cur, "proposed:" .. p, "politics:" .. p) end
  game.move_card(pick, "politics:" .. p, "proposed:" .. p)
  game.log({ key = "tacs.proposes", p = L.pn(p), card = L.name("political_cards", pick) })
end

game.on("before:strategy_phase", function(ctx)
  if (ctx.round or game.get("game", nil, "round")) ~= 1 then return end
  for p = 1, game.num_players() do
    if game.zone("proposed:" .. p) and #game.zone("proposed:" .. p) == 0 then L.tacs_propose(p, false) end
  end
end)

local base_draw2 = game.procedure_fn("draw_action_cards")
procedure("draw_action_cards", function(ctx)
  base_draw2(ctx)
  for p = 1, game.num_players() do
    if game.zone("proposed:" .. p) then
      L.tacs_propose(p, #game.zone("proposed:" .. p) > 0)
    end
  end
end)

-- The Mindstorm vote over several agendas at once ({player, card} proposed
-- agendas, and the Voice of the Council if `voice`). Each player, from the
-- speaker's left, shares out his votes in private: for each agenda an outcome
-- (or abstain) and a number of votes. Then the votes are shown, the planets
-- of every player who voted are exhausted, and each agenda is decided: one
-- with no votes goes back to the player who proposed it (still proposed);
-- otherwise the most votes win (the speaker breaks ties) and the card is
-- resolved as ti3 resolves a political card.
function L.tacs_mindstorm_vote(agendas, voice, holder)
  local items = {}
  for _, a in ipairs(agendas) do
    local d = game.data.political_cards[a.card]
    items[#items + 1] = { card = a.card, proposer = a.player, coll = "political_cards", name = L.name("political_cards", a.card), outcomes = L.outcomes(d) }
    game.log({ key = "tacs.agenda_up", card = L.name("political_cards", a.card), p = L.pn(a.player) })
  end
  if voice then
    local outs = {}
    for q = 1, game.num_players() do outs[#outs + 1] = L.pn(q) end
    items[#items + 1] = { card = "voice_of_the_council", coll = "objectives", name = L.name("objectives", "voice_of_the_council"), outcomes = outs }
    game.log({ key = "tacs.agenda_up_voice", card = items[#items].name })
  end
  local speaker = L.speaker()
  -- ti3's political windows keep their meaning in the Mindstorm vote: each
  -- proposed agenda put up is revealed (agenda_revealed: a handler that
  -- discards it, e.g. Veto, takes it out of this vote and off its player's
  -- table; UNCERTAIN: no other card is drawn in its place, the player
  -- proposes a new one in the status phase), each share of a player's votes
  -- is cast (votes_cast, after they are shown) and each agenda's count is
  -- done (agenda_votes_done) before it is decided.
  do
    local kept = {}
    for _, it in ipairs(items) do
      local discard = false
      if it.proposer then
        discard = game.window("agenda_revealed", { agenda = it.card, player = speaker, active = speaker }).discard
      end
      if discard then
        game.move_card(it.card, "proposed:" .. it.proposer, "discard:politics")
        game.log({ key = "agenda_discarded", card = it.name })
      else
        kept[#kept + 1] = it
      end
    end
    items = kept
  end
  if #items == 0 then return end
  local ids = {}
  for _, it in ipairs(items) do ids[#ids + 1] = it.card end
  local barred = game.window("tacs_agendas_chosen", { player = holder or speaker, active = holder or speaker, agendas = ids, barred = {} }).barred
  local ballots = {}
  for _, p in ipairs(L.order_from(L.next_in_rotation(speaker))) do
    local left = barred[p] and 0 or L.votes(p)
    if barred[p] then game.log({ key = "tacs.may_not_vote", p = L.pn(p) }) end
    local mine = {}
    for i, it in ipairs(items) do
      if left > 0 then
        local opts = { "abstain" }
        for _, o in ipairs(it.outcomes) do opts[#opts + 1] = o end
        local out = game.choose(p, { key = "tacs.mindstorm_outcome", card = it.name, id = it.card, n = left }, opts)
        if out ~= "abstain" then
          local nums = {}
          for k = 1, left do nums[#nums + 1] = tostring(k) end
          local v = tonumber(game.choose(p, { key = "tacs.mindstorm_votes", card = it.name, id = it.card, outcome = out }, nums))
          left = left - v
          mine[#mine + 1] = { item = i, outcome = out, votes = v }
        end
      end
    end
    if #mine > 0 then
      local list = {}
      for _, v in ipairs(mine) do list[#list + 1] = { card = items[v.item].card, outcome = v.outcome, votes = v.votes } end
      local w = game.window("tacs_ballot", { player = p, active = holder or speaker, ballot = list })
      for k, v in ipairs(mine) do v.votes = w.ballot[k].votes end
    end
    ballots[#ballots + 1] = { player = p, votes = mine }
  end
  local names = {}
  for _, it in ipairs(items) do names[#names + 1] = it.card end
  game.window("tacs_votes_revealed", { player = speaker, active = holder or speaker, ballots = ballots, names = names })
  local tallies = {}
  for i = 1, #items do tallies[i] = { tally = {}, voters = {}, total = 0 } end
  for _, b in ipairs(ballots) do
    if #b.votes > 0 then L.spend_votes(b.player, items[b.votes[1].item].card) end
    for _, v in ipairs(b.votes) do
      if v.votes > 0 then
        local w = game.window("votes_cast", { player = b.player, agenda = items[v.item].card, outcome = v.outcome, votes = v.votes })
        if w.abstain then v.votes = 0 else v.votes = w.votes or v.votes end
      end
      if v.votes > 0 then
      local t = tallies[v.item]
      t.tally[v.outcome] = (t.tally[v.outcome] or 0) + v.votes
      t.total = t.total + v.votes
      t.voters[#t.voters + 1] = { player = b.player, outcome = v.outcome, votes = v.votes }
      game.log({ key = v.votes == 1 and "tacs.votes_one" or "tacs.votes_many", p = L.pn(b.player), n = v.votes, outcome = v.outcome, card = items[v.item].name })
      end
    end
    if #b.votes == 0 then game.log({ key = "abstains", p = L.pn(b.player) }) end
  end
  for i, it in ipairs(items) do
    local t = tallies[i]
    if t.total > 0 then
      local wt = game.window("agenda_votes_done", { agenda = it.card, player = speaker, active = speaker, tally = t.tally, voters = t.voters })
      t.tally = wt.tally or t.tally
    end
    if t.total == 0 then
      if it.proposer then game.log({ key = "tacs.agenda_returned", card = it.name, p = L.pn(it.proposer) })
      else game.log({ key = "tacs.agenda_no_votes", card = it.name }) end
    else
      local best, top = -1, {}
      for _, o in ipairs(it.outcomes) do
        local v = t.tally[o] or 0
        if v > best then best, top = v, { o } elseif v == best then top[#top + 1] = o end
      end
      local result = top[1]
      if #top > 1 then
        result = game.choose(speaker, { key = "break_tie", card = it.name, id = it.card }, top)
        game.log({ key = "speaker_breaks_tie", p = L.pn(speaker), outcome = result })
      end
      if it.coll == "objectives" then
        local def = game.data.objectives.voice_of_the_council
        game.log({ key = "agenda_resolved", card = it.name, outcome = result })
        if def.handler and def.handler.resolve then def.handler.resolve(result, def) end
      else
        game.move_card(it.card, "proposed:" .. it.proposer, "revealed:agenda")
        L.resolve_agenda({ coll = "political_cards", discard_zone = "discard:politics", laws = "laws" }, it.card, result, t.tally, t.voters, speaker)
      end
    end
  end
end

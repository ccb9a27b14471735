-- The agenda phase (LRR 8): two agendas, each revealed, voted on by
-- exhausting planets, and resolved; the speaker breaks ties.
local L = game.lib

-- hook: the option p must take when voting on agenda id (opts: abstain and the outcomes), or nil to ask p (default: nil).
function L.forced_vote(p, id, opts) return nil end

-- hook: an outcome chosen for agenda id before anyone votes (outcomes: its options), or nil to vote as usual (default: nil).
function L.elect_without_vote(id, d, outcomes) return nil end

-- hook: p casts votes on agenda id: by default every ready planet is exhausted for the votes counted by L.votes(p); may return the number of votes cast instead (an edition where p picks the planets).
function L.spend_votes(p, id)
  for _, pl in ipairs(L.ready_planets(p)) do
    if L.votes_with(p, pl) then game.exhaust(pl, true) end
  end
end

-- hook: whether planet pl is one p exhausts (and may pick) to cast votes; default: yes, every planet (an edition's component that is no planet for voting says no).
function L.votes_with(p, pl) return true end

procedure("agenda_phase", function(ctx)
  for i = 1, 2 do
    game.step("agenda", { number = i, round = ctx.round })
  end
  -- Ready all planets (LRR 8.3).
  for p = 1, game.num_players() do
    for _, pl in ipairs(game.planets_owned(p)) do game.exhaust(pl, false) end
  end
end)

-- Outcomes of an agenda as option strings.
function L.outcomes(d)
  -- `elect` (player | planet | for_against) or an edition's `vote` field.
  local byvote = { elect_player = "player", elect_planet = "planet", for_against = "for_against" }
  local kind = d.elect or byvote[d.vote or "for_against"] or "for_against"
  local out = {}
  if kind == "for_against" then
    out = { "for", "against" }
  elseif kind == "player" then
    for p = 1, game.num_players() do
      if not L.eliminated(p) then out[#out + 1] = L.pn(p) end
    end
  elseif kind == "planet" then
    for p = 1, game.num_players() do
      for _, pl in ipairs(game.planets_owned(p)) do out[#out + 1] = pl end
    end
    table.sort(out)
  end
  return out
end

-- hook: the votes planet pl gives p (ready: whether it is ready); default: its influence when ready, none when exhausted.
function L.planet_votes(p, pl, ready)
  if not ready then return 0 end
  return L.pdef(pl).influence or 0
end

-- p's votes: what each of his planets gives (L.planet_votes), ready ones
-- (L.ready_planets) and exhausted ones.
function L.votes(p)
  local n = 0
  local ready = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    ready[pl] = true
    n = n + L.planet_votes(p, pl, true)
  end
  for _, pl in ipairs(game.planets_owned(p)) do
    if not ready[pl] then n = n + L.planet_votes(p, pl, false) end
  end
  return n
end

--- hook: whether p, who has no votes to cast on agenda id (L.votes(p) is 0), may still cast zero votes for one of its outcomes, counting as a voter for it, rather than only abstain; default: no (a vote of zero is an abstention).
function L.casts_zero_votes(p, id) return false end

-- hook: the players in the order they vote on agenda id (speaker: the speaker); default: starting left of the speaker, the speaker last.
function L.voting_order(speaker, id) return L.order_from(L.next_in_rotation(speaker)) end

-- hook: whether the vote on agenda id is a secret ballot: each player's outcome and votes stay unseen (the log says only that they voted) and only the totals by outcome are shown once everyone has voted; default: no.
function L.secret_ballot(id) return false end

procedure("agenda", function(ctx)
  -- The collection and zones may be an edition's own (e.g. political cards).
  local COLL = ctx.coll or "agendas"
  local DECK, DISCARD, LAWS = ctx.deck or "deck:agendas", ctx.discard_zone or "discard:agendas", ctx.laws or "laws"
  local speaker = L.speaker()
  local got = L.draw(DECK, DISCARD, "revealed:agenda", 1)
  local id = got[1]
  if not id then return end
  local d = game.data[COLL][id]
  game.log({ key = "agenda_revealed", card = L.name(COLL, id) })
  ctx.agenda = id
  local w = game.window("agenda_revealed", { agenda = id, player = speaker, active = speaker })
  -- A handler may discard the agenda (w.discard): the next one is revealed.
  local guard = 0
  while w.discard and guard < 10 do
    guard = guard + 1
    game.move_card(id, "revealed:agenda", DISCARD)
    game.log({ key = "agenda_discarded", card = L.name(COLL, id) })
    id = L.draw(DECK, DISCARD, "revealed:agenda", 1)[1]
    if not id then return end
    d = game.data[COLL][id]
    game.log({ key = "agenda_revealed", card = L.name(COLL, id) })
    ctx.agenda = id
    w = game.window("agenda_revealed", { agenda = id, player = speaker, active = speaker })
  end
  local outcomes = L.outcomes(d)
  if #outcomes == 0 then
    game.move_card(id, "revealed:agenda", DISCARD)
    return
  end
  local tally, voters = {}, {}
  local preset = L.elect_without_vote(id, d, outcomes)
  local secret = not preset and L.secret_ballot(id)
  -- Voting starts left of the speaker and ends with the speaker.
  for _, p in ipairs(preset and {} or L.voting_order(speaker, id)) do
    local opts = { "abstain" }
    if L.votes(p) > 0 or L.casts_zero_votes(p, id) then for _, o in ipairs(outcomes) do opts[#opts + 1] = o end end
    local pick = L.forced_vote(p, id, opts) or game.choose(p, { key = "vote_on", agenda = L.name(COLL, id), id = id }, opts)
    if pick ~= "abstain" then
      local v = L.votes(p)
      -- Voting exhausts planets for their full influence (by default every
      -- ready one; L.spend_votes may say how many votes that gave).
      local spent = L.spend_votes(p, id)
      if type(spent) == "number" then v = spent end
      local w = game.window("votes_cast", { player = p, agenda = id, outcome = pick, votes = v })
      -- A handler may turn the vote into an abstention (w.abstain): the
      -- planets stay exhausted, the votes count for nothing.
      if w.abstain then
        game.log(secret and { key = "casts_secret_ballot", p = L.pn(p) } or { key = "abstains", p = L.pn(p) })
      else
        v = w.votes
        tally[pick] = (tally[pick] or 0) + v
        voters[#voters + 1] = { player = p, outcome = pick, votes = v }
        game.log(secret and { key = "casts_secret_ballot", p = L.pn(p) }
          or { key = v == 1 and "casts_vote" or "casts_votes", p = L.pn(p), n = v, outcome = pick })
      end
    else
      game.log(secret and { key = "casts_secret_ballot", p = L.pn(p) } or { key = "abstains", p = L.pn(p) })
    end
  end
  -- A secret ballot: the totals only, once everyone has voted.
  if secret then
    for _, o in ipairs(outcomes) do
      game.log({ key = "ballot_total", outcome = o, n = tally[o] or 0 })
    end
  end
  local result = preset
  if not result then
    -- Every player has voted (the speaker last), before the count: effects
    -- may add votes (tally: outcome -> votes; voters).
    local wt = game.window("agenda_votes_done", { agenda = id, player = speaker, active = speaker, tally = tally, voters = voters })
    tally = wt.tally or tally
    local best, top = -1, {}
    for _, o in ipairs(outcomes) do
      local v = tally[o] or 0
      if v > best then best, top = v, { o } elseif v == best then top[#top + 1] = o end
    end
    result = top[1]
    if #top > 1 then
      result = game.choose(speaker, { key = "break_tie", card = L.name(COLL, id), id = id }, top)
      game.log({ key = "speaker_breaks_tie", p = L.pn(speaker), outcome = result })
    end
  end
  L.resolve_agenda(ctx, id, result, tally, voters, speaker)
end)

-- The end of an agenda's vote, for the agenda step and for variants that vote
-- another way: the outcome `result` of agenda `id` (in zone
-- "revealed:agenda") is elected (window agenda_elected, which may replace it),
-- logged and resolved by the card's handler; a law that passed goes to the
-- laws zone, any other card to the discard. ctx: the agenda step's (coll,
-- discard_zone, laws); it keeps the outcome and the voters ({player, outcome,
-- votes} in voting order) for effects in after:agenda (ti4: Galactic Threat).
-- speaker: the speaker when the vote began (default: the speaker now).
function L.resolve_agenda(ctx, id, result, tally, voters, speaker)
  local COLL = ctx.coll or "agendas"
  local DISCARD, LAWS = ctx.discard_zone or "discard:agendas", ctx.laws or "laws"
  speaker = speaker or L.speaker()
  local d = game.data[COLL][id]
  -- Effects may replace the elected outcome (ctx.outcome), or cancel the
  -- agenda (ctx.cancel): it is then discarded without effect.
  local we = game.window("agenda_elected", { agenda = id, player = speaker, active = speaker, outcome = result })
  if we.cancel then
    game.move_card(id, "revealed:agenda", DISCARD)
    return
  end
  result = we.outcome
  game.log({ key = "agenda_resolved", card = L.name(COLL, id), outcome = result })
  ctx.outcome, ctx.voters = result, voters
  local h = d.handler
  if h and h.resolve then h.resolve(result, d, tally, voters) end
  if (d.kind == "law" or d.law == true) and result ~= "against" then
    game.move_card(id, "revealed:agenda", LAWS)
    game.grant("game", COLL, id)
    game.put("game", nil, "law:" .. id, result)
  else
    game.move_card(id, "revealed:agenda", DISCARD)
  end
  game.window("agenda_outcome", { agenda = id, player = speaker, active = speaker, outcome = result })
end

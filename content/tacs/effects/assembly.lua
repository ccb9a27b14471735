-- Assembly in the Mindstorm variant (seed 002, house rule 8). Primary: as
-- Shattered Empire's, one political card and two action cards are drawn;
-- then either
--   (a) the player takes the speaker token and names another player, who
--       chooses three proposed agendas other than his own (and may add the
--       Voice of the Council as a fourth), or
--   (b) the player gives the speaker token to another player and chooses one
--       proposed agenda (his own too), may add up to three more and the
--       Voice of the Council;
-- and the chosen agendas are voted on together (rules/j_mindstorm.lua).
-- The secondary is ti3's (ready planets worth up to 6).
local L = game.lib
local base = L.card_scripts.assembly()

-- `may_discard`: option (b), where each agenda chosen beyond the first may be
-- discarded instead of voted on (it then leaves its player's proposal; he
-- proposes another in the status phase). The discarded ones count toward the
-- three the player may add.
local function pick_agendas(chooser, n_min, n_max, exclude, forced, may_discard)
  local chosen, taken = {}, {}
  local picked = 0
  -- A proposal that must be voted on (Determine Policy) is chosen first.
  for _, q in ipairs(game.keys(forced or {})) do
    local z = game.zone("proposed:" .. q)
    if z and z[1] == forced[q] and #chosen < n_max then
      taken[q] = true
      chosen[#chosen + 1] = { player = q, card = forced[q] }
    end
  end
  picked = #chosen
  while picked < n_max do
    local i = picked + 1
    local opts = {}
    for _, a in ipairs(L.tacs_proposed_agendas()) do
      if a.player ~= exclude and not taken[a.player] then opts[#opts + 1] = L.pn(a.player) .. ":" .. a.card end
    end
    if #opts == 0 then break end
    if i > n_min then table.insert(opts, 1, "done") end
    local pick = game.choose(chooser, { key = "tacs.choose_agenda", n = i }, opts)
    if pick == "done" then break end
    local q, card = pick:match("^p(%d+):(.+)$")
    q = tonumber(q)
    taken[q] = true
    picked = picked + 1
    local fate = "vote"
    if may_discard and i > n_min then
      fate = game.choose(chooser, { key = "tacs.agenda_vote_or_discard", card = L.name("political_cards", card), p = L.pn(q) }, { "vote", "discard" })
    end
    if fate == "discard" then
      game.move_card(card, "proposed:" .. q, "discard:politics")
      game.log({ key = "tacs.agenda_discarded", p = L.pn(chooser), card = L.name("political_cards", card), q = L.pn(q) })
    else
      chosen[#chosen + 1] = { player = q, card = card }
    end
  end
  return chosen
end

return {
  primary = function(p)
    L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 2)
    if L.enforce_action_limit then L.enforce_action_limit(p) end
    local opts = {}
    if L.speaker() ~= p then opts[#opts + 1] = "take the speaker token" end
    opts[#opts + 1] = "give the speaker token"
    local pick = game.choose(p, { key = "ti3.assembly_primary" }, opts)
    local others = {}
    for q = 1, game.num_players() do if q ~= p then others[#others + 1] = L.pn(q) end end
    local agendas, chooser
    local forced = game.window("tacs_assembly_activated", { player = p, active = p, forced = {} }).forced
    if pick == "take the speaker token" then
      local q = tonumber(game.choose(p, { key = "tacs.who_chooses_agendas" }, others):sub(2))
      game.put("game", nil, "speaker", p)
      game.log({ key = "ti3.is_speaker", p = L.pn(p) })
      chooser = q
      agendas = pick_agendas(q, 3, 3, q, forced)
    else
      local q = tonumber(game.choose(p, { key = "ti3.new_speaker" }, L.new_speaker_choices(p, others)):sub(2))
      game.put("game", nil, "speaker", q)
      game.log({ key = "ti3.is_speaker", p = L.pn(q) })
      chooser = p
      agendas = pick_agendas(p, 1, 4, nil, forced, true)
    end
    local voice = false
    if game.options.voice_of_the_council and game.data.objectives.voice_of_the_council then
      voice = game.confirm(chooser, { key = "tacs.add_voice_of_the_council" })
    end
    L.tacs_mindstorm_vote(agendas, voice, p)
  end,
  secondary = base.secondary,
  can_secondary = base.can_secondary,
}

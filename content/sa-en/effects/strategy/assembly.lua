-- Assembly (Shattered Ascension, without the Twilight Council option; with it
-- the council's primary replaces this one, rules/m_options1.lua).
-- Primary: draw one political card and two action cards (SE numbers); then
--   (a) take the speaker token (also when already speaker) and choose another
--       player, who puts an agenda to the vote, or
--   (b) give the speaker token to any player (it may stay where it is) and
--       put an agenda to the vote yourself.
-- An agenda is a political card from the hand or, at the player's choice, one
-- drawn at random from the deck (L.sa_place_agenda). Then any player may pay
-- a strategy command counter to add a Voice of the Council election (not in
-- the first round, L.sa_strategy.call_voice); the agenda is voted on first,
-- the election after it.
-- Secondary (SE, unchanged): ready any of your exhausted planets whose
-- resources and influence add up to 6 or less altogether.
local L = game.lib
local S = L.sa_strategy

local function limit(p)
  if L.enforce_action_limit then L.enforce_action_limit(p) end
  L.sa_politics_limit(p)
end

local function players(except)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= except and S.in_game(q) then out[#out + 1] = L.pn(q) end
  end
  return out
end

-- ti3's card (rules/card_scripts.lua; its secondary) with this primary.
local h = L.card_scripts.assembly()

h.primary = function(p)
  L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
  L.draw("deck:actions", "discard:actions", "actions:" .. p, 2)
  limit(p)
  local pick = game.choose(p, { key = "sa.assembly" }, L.assembly_choices(p, { "take the speaker token", "give the speaker token" }))
  L.assembly_chosen(p, pick)
  local agenda
  if pick == "take the speaker token" then
    game.put("game", nil, "speaker", p)
    game.log({ key = "sa.takes_speaker", p = L.pn(p) })
    local others = players(p)
    if #others > 0 then
      local q = tonumber(game.choose(p, { key = "sa.agenda_player" }, others):sub(2))
      agenda = L.sa_place_agenda(q)
    end
  else
    local q = tonumber(game.choose(p, { key = "sa.new_speaker" }, L.new_speaker_choices(p, players(nil))):sub(2))
    game.put("game", nil, "speaker", q)
    game.log({ key = "sa.is_speaker", p = L.pn(q) })
    agenda = L.sa_place_agenda(p)
  end
  local voice = S.call_voice(p)
  if agenda then
    game.move_card(agenda, "agenda:assembly", "deck:politics")
    L.political_vote()
  end
  if voice then S.voice_election() end
end

return h

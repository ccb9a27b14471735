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
  if L.enforce_political_limit then L.enforce_political_limit(p) end
end

local function players(except)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= except and S.in_game(q) then out[#out + 1] = L.pn(q) end
  end
  return out
end

return {
  primary = function(p)
    L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 2)
    limit(p)
    local pick = game.choose(p, "Assembly", { "take the speaker token", "give the speaker token" })
    local agenda
    if pick == "take the speaker token" then
      game.put("game", nil, "speaker", p)
      game.log(L.pn(p) .. " takes the speaker token")
      local others = players(p)
      if #others > 0 then
        local q = tonumber(game.choose(p, "player who puts an agenda to the vote", others):sub(2))
        agenda = L.sa_place_agenda(q)
      end
    else
      local q = tonumber(game.choose(p, "new speaker", players(nil)):sub(2))
      game.put("game", nil, "speaker", q)
      game.log(L.pn(q) .. " is speaker")
      agenda = L.sa_place_agenda(p)
    end
    local voice = S.call_voice(p)
    if agenda then
      game.move_card(agenda, "agenda:assembly", "deck:politics")
      L.political_vote()
    end
    if voice then S.voice_election() end
  end,

  secondary = function(q)
    local left = 6
    while true do
      local opts = { "done" }
      local planets = game.planets_owned(q)
      table.sort(planets)
      for _, pl in ipairs(planets) do
        local d = L.pdef(pl)
        if game.exhausted(pl) and (d.resources or 0) + (d.influence or 0) <= left then opts[#opts + 1] = pl end
      end
      if #opts == 1 then return end
      local pl = game.choose(q, "ready a planet (" .. left .. " left)", opts)
      if pl == "done" then return end
      local d = L.pdef(pl)
      left = left - (d.resources or 0) - (d.influence or 0)
      game.exhaust(pl, false)
      game.log(L.pn(q) .. " readies " .. L.name("planets", pl))
    end
  end,
}

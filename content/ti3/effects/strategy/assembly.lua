-- Assembly (Shattered Empire). Primary: draw one political card and two
-- action cards; then either (a) (not for the speaker) take the speaker token
-- and name another player, who plays a political card from his hand and its
-- agenda is voted on, or (b) give the speaker token to another player and
-- play a political card from your own hand, voted on the same way.
-- A played card is put on top of the political deck and revealed by the
-- voting step, so effects that react to a revealed card apply (if it is
-- cancelled, the next card of the deck is voted on instead). A player with no
-- political card in hand plays none.
-- Secondary: ready any of your exhausted planets whose resources and
-- influence add up to 6 or less altogether.
local L = game.lib

local function limit(p)
  if L.enforce_action_limit then L.enforce_action_limit(p) end
end

local function play_political(q)
  local hand, seen = {}, {}
  for _, c in ipairs(game.zone("politics:" .. q)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  if #hand == 0 then
    game.log(L.pn(q) .. " has no political card to play")
    return
  end
  table.sort(hand)
  local c = game.choose(q, "play a political card", hand)
  game.log(L.pn(q) .. " plays the political card " .. L.name("political_cards", c))
  game.move_card(c, "politics:" .. q, "deck:politics")
  L.political_vote()
end

local function others(p)
  local out = {}
  for q = 1, game.num_players() do if q ~= p then out[#out + 1] = L.pn(q) end end
  return out
end

return {
  primary = function(p)
    L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    L.draw("deck:actions", "discard:actions", "actions:" .. p, 2)
    limit(p)
    local opts = {}
    if L.speaker() ~= p then opts[#opts + 1] = "take the speaker token" end
    opts[#opts + 1] = "give the speaker token"
    local pick = game.choose(p, "Assembly", opts)
    local q = tonumber(game.choose(p, pick == "take the speaker token" and "player who plays a political card" or "new speaker", others(p)):sub(2))
    if pick == "take the speaker token" then
      game.put("game", nil, "speaker", p)
      game.log(L.pn(p) .. " is speaker")
      play_political(q)
    else
      game.put("game", nil, "speaker", q)
      game.log(L.pn(q) .. " is speaker")
      play_political(p)
    end
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

-- New Constitution (directive, For/Against).
-- For: every law in play is discarded; then, from the speaker clockwise, each
-- player chooses and exhausts two of his ready planets (fewer if he has fewer).
-- Against: the player with the most influence on ready planets may discard
-- one law in play of his choice. UNCERTAIN: the card gives no tie rule; with a
-- tie the speaker picks which of the tied players it is (our choice, after
-- the speaker's tie-breaking vote).
-- A discarded law runs its `repeal` handler (if any) to undo what it changed.
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "new_constitution") end

local function discard_law(id)
  if not game.move_card(id, "laws", "discard:politics") then return false end
  local d = game.data.political_cards[id]
  local h = d and d.handler
  game.log({ key = "ti3.law_discarded", card = L.name("political_cards", id) })
  if type(h) == "table" and h.repeal then h.repeal(d) end
  game.revoke("game", "political_cards", id)
  game.put("game", nil, "law:" .. id, nil)
  return true
end

local function ready_influence(p)
  local n = 0
  for _, pl in ipairs(L.ready_planets(p)) do n = n + (L.pdef(pl).influence or 0) end
  return n
end

return {
  resolve = function(outcome, def)
    if outcome == "for" then
      local laws = game.zone("laws")
      for i = #laws, 1, -1 do discard_law(laws[i]) end
      for _, p in ipairs(L.order_from(L.speaker())) do
        for _ = 1, 2 do
          local ready = L.ready_planets(p)
          if #ready == 0 then break end
          table.sort(ready)
          local pl = game.choose(p, { key = "ti3.exhaust_planet_for", card = NAME() }, ready)
          game.exhaust(pl, true)
          game.log({ key = "ti3.exhausts", p = L.pn(p), planet = L.name("planets", pl) })
        end
      end
      return
    end
    if game.zone_count("laws") == 0 then return end
    local best, top = -1, {}
    for _, p in ipairs(L.order_from(L.speaker())) do
      local v = ready_influence(p)
      if v > best then best, top = v, { p } elseif v == best then top[#top + 1] = p end
    end
    local p = top[1]
    if #top > 1 then
      local opts = {}
      for _, q in ipairs(top) do opts[#opts + 1] = L.pn(q) end
      p = tonumber(game.choose(L.speaker(), { key = "ti3.who_has_most_ready", card = NAME() }, opts):sub(2))
    end
    local opts = { "none" }
    for _, id in ipairs(game.zone("laws")) do opts[#opts + 1] = id end
    local pick = game.choose(p, { key = "ti3.discard_law", card = NAME() }, opts)
    if pick ~= "none" then discard_law(pick) end
  end,
}

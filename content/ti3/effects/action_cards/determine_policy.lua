-- Determine Policy: just before a political card is drawn, the player picks
-- any agenda from the political deck, its discard pile or the laws in play;
-- that agenda is put on top of the deck so that the vote step draws it. One
-- taken from the deck: the deck is shuffled (before the card goes on top,
-- which leaves the same deck behind). A law in play is taken out of play
-- (a law script's `repeal(def)` undoes its lasting effect) and voted on
-- again (our reading: the card does not say what becomes of a law voted
-- down a second time; it is discarded like any agenda voted against).
local L = game.lib
local function zones(ctx)
  return ctx.deck or "deck:politics", ctx.discard_zone or "discard:politics", ctx.laws or "laws"
end
local function choices(ctx)
  local deck, discard, laws = zones(ctx)
  local out, seen = {}, {}
  for _, z in ipairs({ { "deck", deck }, { "discard", discard }, { "law", laws } }) do
    local ids = game.zone(z[2])
    table.sort(ids)
    for _, c in ipairs(ids) do
      local key = z[1] .. ":" .. c
      if not seen[key] then seen[key] = true; out[#out + 1] = key end
    end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.coll == "political_cards" and #choices(ctx) > 0
  end,
  run = function(ctx, p)
    local deck, discard, laws = zones(ctx)
    local pick = game.choose(p, { key = "ti3.agenda_council_votes" }, choices(ctx))
    local from, id = pick:match("^(%a+):(.+)$")
    local coll = ctx.coll or "political_cards"
    if from == "deck" then
      game.shuffle(deck)
      game.move_card(id, deck, deck)
    elseif from == "discard" then
      game.move_card(id, discard, deck)
    else
      local d = game.data[coll][id]
      if type(d.handler) == "table" and d.handler.repeal then d.handler.repeal(d) end
      game.move_card(id, laws, deck)
      game.revoke("game", coll, id)
      game.put("game", nil, "law:" .. id, nil)
    end
    game.log({ key = "ti3.sets_before_council", p = L.pn(p), agenda = L.name(coll, id), from = from })
  end,
}

-- Discredit (Mindstorm): once the votes are revealed, one other player's votes
-- on one agenda count for nothing.
local L = game.lib
local function entries(ctx, p)
  local out = {}
  for _, b in ipairs(ctx.ballots) do
    if b.player ~= p then
      for _, v in ipairs(b.votes) do
        if v.votes > 0 then out[#out + 1] = { key = L.pn(b.player) .. ":" .. ctx.names[v.item], v = v, player = b.player } end
      end
    end
  end
  return out
end
return {
  when = function(ctx, p) return #entries(ctx, p) > 0 end,
  run = function(ctx, p)
    local list = entries(ctx, p)
    local opts, by = {}, {}
    for _, e in ipairs(list) do opts[#opts + 1] = e.key; by[e.key] = e end
    local e = by[game.choose(p, { key = "tacs.discredit_which" }, opts)]
    e.v.votes = 0
    local id = e.key:match(":(.+)$")
    local coll = game.data.political_cards[id] and "political_cards" or "objectives"
    game.log({ key = "tacs.votes_nullified", p = L.pn(e.player), card = L.name(coll, id) })
  end,
}

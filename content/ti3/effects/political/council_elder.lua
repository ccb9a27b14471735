-- Council Elder (law, elect a player). The elected player keeps the card (the
-- game prop "law:council_elder" names him). Right after an Elect agenda is
-- revealed (any card not voted For/Against), he may discard the card; then
-- only his votes count on that agenda. The others still vote, but their
-- votes count zero, and Bribery adds none to them (L.votes_count) (our reading: the card
-- only says that his votes alone are counted when the agenda is resolved).
-- The card stays granted to the game until that agenda is over, so that its
-- votes_cast handler still runs; "council_elder:only" holds {player, agenda}.
local L = game.lib
local ID = "council_elder"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "council_elder") end

local function holder()
  local r = game.get("game", nil, "law:" .. ID)
  return r and tonumber(r:match("^p(%d+)$"))
end

return {
  resolve = function() end,
  agenda_revealed = function(ctx, p, def)
    -- Not for an agenda another effect has just cancelled (ctx.discard).
    if p ~= nil or ctx.discard then return end
    local h = holder()
    local d = ctx.agenda and game.data.political_cards[ctx.agenda]
    if not h or not d or (d.vote or "for_against") == "for_against" then return end
    if not game.confirm(h, { key = "ti3.discard_so_that_only", card = NAME(), card2 = L.name("political_cards", ctx.agenda) }) then return end
    game.move_card(ID, "laws", "discard:politics")
    game.put("game", nil, "law:" .. ID, nil)
    game.put("game", nil, "council_elder:only", { player = h, agenda = ctx.agenda })
    game.log({ key = "ti3.discards_only_votes_count", p = L.pn(h), card = NAME(), card2 = L.name("political_cards", ctx.agenda) })
  end,
  votes_cast = function(ctx, p, def)
    if p ~= nil then return end
    local only = game.get("game", nil, "council_elder:only")
    if only and only.agenda == ctx.agenda and ctx.player ~= only.player and (ctx.votes or 0) > 0 then
      game.log({ key = "ti3.votes_do_not_count", p = L.pn(ctx.player), card = NAME() })
      ctx.votes = 0
    end
  end,
  ["after:agenda"] = function(ctx, p, def)
    if p ~= nil then return end
    local only = game.get("game", nil, "council_elder:only")
    if only and only.agenda == ctx.agenda then
      game.put("game", nil, "council_elder:only", nil)
      game.revoke("game", "political_cards", ID)
    end
  end,
}

-- Temporary Stability: in the strategy phase, before any strategy card is
-- chosen: until the next status phase nobody may play action cards but
-- Sabotage (L.may_play_action_card, action_card_seams.lua). At the start of
-- his turn a player may discard three action cards to cancel it (the card's
-- "at any time", read as the start of each turn).
local L = game.lib
return {
  when = function(ctx, p) return p ~= nil and not game.get("game", nil, "temporary_stability") end,
  run = function(ctx, p, def)
    game.put("game", nil, "temporary_stability", { player = p })
    game.log({ key = "ti3.stability_begins", card = L.name("action_cards", def.id) })
  end,
}

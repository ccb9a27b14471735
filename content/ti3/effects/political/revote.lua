-- Revote (directive, elect a law in play): the elected law leaves play (its
-- repeal undoes what it changed) and goes on top of the political deck,
-- and the council votes on it again at once (its new result applies). With
-- no law in play the card has no outcome and is discarded.
local L = game.lib
return {
  outcomes = function(def, opts) return L.laws_in_play() end,
  resolve = function(id, def)
    if not game.data.political_cards[id] or not L.discard_law(id) then return end
    game.move_card(id, "discard:politics", "deck:politics")
    game.log({ key = "ti3.voted_again", card = L.name("political_cards", id) })
    L.political_vote()
  end,
}

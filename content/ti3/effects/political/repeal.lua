-- Repeal (directive, elect a law in play): the elected law is discarded
-- (its repeal undoes what it changed). With no law in play the card has no
-- outcome and is discarded.
local L = game.lib
return {
  outcomes = function(def, opts) return L.laws_in_play() end,
  resolve = function(id, def)
    if game.data.political_cards[id] then L.discard_law(id) end
  end,
}

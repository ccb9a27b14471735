-- Trade (Shattered Ascension; strategy.yaml says what is the seed's and what
-- is ours). Trade goods are placed on every active trade agreement after the
-- turn in which the card is played (also when no player plays it, under the
-- 5-player rule); they are spent only once collected. Bookkeeping in
-- rules/d_strategy.lua (L.sa_strategy: place_trade_goods, collect, break).
local L = game.lib
local S = L.sa_strategy

-- ti3's Trade II (rules/card_scripts.lua) under its SA name, with SA's
-- bookkeeping for cancelled agreements and the income.
local h = L.card_scripts.trade_ii {
  title = "Trade",
  cancel = function(list, i) S.break_agreement(list[i], nil, "cancelled by Trade") end,
  collect = function(p) S.collect(p) end,
}

h.secondary = function(q) S.collect(q) end

-- Marks the turn; the trade goods are placed when it ends.
h.played = function() game.put("game", nil, "sa_trade_played", true) end

h.turn_end = function(ctx)
  if not game.get("game", nil, "sa_trade_played") then return end
  game.put("game", nil, "sa_trade_played", nil)
  S.place_trade_goods()
end

return h

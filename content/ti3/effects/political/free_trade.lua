-- Free Trade (law, For/Against).
-- For: while the law is in play, a player who receives trade goods from his
-- trade agreements receives one more (trade_collected).
-- Against: every player discards two trade goods (as many as he has).
local L = game.lib
local function NAME() return L.name("political_cards", "free_trade") end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    L.everyone_discards_tg(2, NAME())
  end,
  trade_collected = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    L.gain_tg(ctx.player, 1, NAME())
  end,
}

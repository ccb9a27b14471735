-- Ruinous Tariffs (SE): right after a player with whom the holder shares a
-- trade agreement collects from his agreements (the `trade_collected`
-- window), he hands the holder half his trade goods, rounded up.
local L = game.lib
local function partners(p, q)
  for _, r in ipairs(L.trade_partners(p)) do if r == q then return true end end
  return false
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player ~= p and partners(p, ctx.player) and game.counter(ctx.player, "tg") > 0
  end,
  run = function(ctx, p)
    local q = ctx.player
    local n = (game.counter(q, "tg") + 1) // 2
    game.add(q, "tg", -n)
    game.add(p, "tg", n)
    game.log({ key = n == 1 and "ti3.hands_trade_good" or "ti3.hands_trade_goods", p = L.pn(q), q = L.pn(p), n = n })
  end,
}

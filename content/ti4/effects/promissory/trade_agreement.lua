-- Trade Agreement: when its owner replenishes commodities, the owner gives
-- the holder all of them; given to another player they are trade goods
-- (LRR 21.3).
local L = game.lib
return {
  when = function(ctx, p, owner) return ctx.player == owner end,
  run = function(ctx, p, owner, def)
    local n = game.counter(owner, "commodities")
    game.set(owner, "commodities", 0)
    game.add(p, "tg", n)
    game.log({ key = "ti4.trade_agreement", q = L.pn(owner), p = L.pn(p), n = n, note = L.name("promissory_notes", def.id) })
    -- Trade goods gained: Mentak's Pillage may follow (L.pillage).
    if n > 0 then L.pillage(p) end
  end,
}

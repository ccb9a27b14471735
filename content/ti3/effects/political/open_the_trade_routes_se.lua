-- Open the Trade Routes (directive, For/Against; Shattered Empire's card, and
-- the base game's, which Shattered Empire replaces).
-- For: every player gains two trade goods.
-- Against: for the rest of this round every trade good a player gains
-- (through the shared L.gain_tg: tg_gained) goes at once to the player on
-- his left (the next in rotation). The base card limits this to the trade
-- goods received in the status phase; our script applies it to the whole
-- round for both (UNCERTAIN for the base card, which SE replaces).
local L = game.lib
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      for _, p in ipairs(L.order_from(L.speaker())) do L.gain_tg(p, 2, L.name("political_cards", def.id)) end
      return
    end
    L.directive_for_round(def.id)
    game.log({ key = "ti3.trade_goods_go_left", card = L.name("political_cards", def.id) })
  end,
  tg_gained = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) then return end
    local q = L.next_in_rotation(ctx.player)
    local n = math.min(ctx.n, game.counter(ctx.player, "tg"))
    if q == ctx.player or n <= 0 then return end
    game.add(ctx.player, "tg", -n)
    game.add(q, "tg", n)
    game.log({ key = "ti3.gives_tg_to", p = L.pn(ctx.player), q = L.pn(q), n = n, card = L.name("political_cards", def.id) })
  end,
}

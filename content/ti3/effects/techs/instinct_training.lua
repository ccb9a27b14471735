-- Instinct Training (Xxcha): once per game turn, pay one counter from
-- strategy allocation to cancel an action card an opponent has just played.
local L = game.lib
local KEY = "instinct_used"
return {
  turn_start = function(ctx, p) game.put("player", p, KEY, nil) end,
  action_card_played = function(ctx, p, def)
    if ctx.player == p or ctx.cancel or game.get("player", p, KEY) or game.counter(p, "strategy") <= 0 then return end
    local name = L.name("racial_techs", def.id)
    if game.choose(p, { key = "ti3.pay_counter_cancel_card", name = name, card = L.name("action_cards", ctx.card) }, { "no", "yes" }) ~= "yes" then return end
    game.add(p, "strategy", -1)
    game.put("player", p, KEY, true)
    game.log({ key = "ti3.cancels_card", p = L.pn(p), card = L.name("action_cards", ctx.card), name = name })
    ctx.cancel = true
  end,
}

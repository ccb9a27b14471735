-- Instinct Training: when another player plays an action card, the player may
-- exhaust this and spend 1 strategy-pool token to cancel that card.
local L = game.lib
local USED = "used:instinct_training"

return {
  when = function(ctx, p)
    return ctx.player ~= p and not game.get("player", p, USED) and game.counter(p, "strategy") > 0
  end,
  run = function(ctx, p, def)
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.instinct_offer", card = name, action = L.name("action_cards", ctx.card), id = ctx.card }, { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    game.add(p, "strategy", -1)
    game.log({ key = "ti4.instinct_used", p = L.pn(p), card = name, action = L.name("action_cards", ctx.card), id = ctx.card })
    ctx.cancel = true
  end,
}

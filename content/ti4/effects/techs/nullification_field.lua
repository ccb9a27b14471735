-- Nullification Field: after another player activates a system that holds one
-- or more of the player's ships, the player may exhaust this and spend 1
-- strategy-pool token to end that player's turn at once.
-- Sets ctx.end_turn on the tactical action's context (the activation step
-- shares it), which the tactical action checks after each step: nothing
-- after the activation happens and the command token stays in the system.
-- The other "after activation" effects of this window still resolve (the
-- system was activated).
local L = game.lib
local USED = "used:nullification_field"

return {
  when = function(ctx, p)
    return ctx.player ~= p and ctx.system and not ctx.end_turn and not game.get("player", p, USED) and L.activation_touches(ctx.player, p)
      and game.counter(p, "strategy") > 0 and #L.ships(p, ctx.system) > 0
  end,
  run = function(ctx, p, def)
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.nullification_offer", card = name, q = L.pn(ctx.player) }, { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    game.add(p, "strategy", -1)
    game.log({ key = "ti4.nullification_used", p = L.pn(p), card = name, q = L.pn(ctx.player) })
    ctx.end_turn = true
  end,
}

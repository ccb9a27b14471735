-- Nullification Field: after another player activates a system that holds one
-- or more of the player's ships, the player may exhaust this and spend 1
-- strategy-pool token to end that player's turn at once.
-- Uses the cancel of the activation context, which the tactical action
-- checks right after activation (the command token stays in the system).
local L = game.lib
local USED = "used:nullification_field"

return {
  when = function(ctx, p)
    return ctx.player ~= p and ctx.system and not game.get("player", p, USED)
      and game.counter(p, "strategy") > 0 and #L.ships(p, ctx.system) > 0
  end,
  run = function(ctx, p, def)
    local name = L.name("techs", def.id)
    if game.choose(p, "exhaust " .. name .. " to end " .. L.pn(ctx.player) .. "'s turn", { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    game.add(p, "strategy", -1)
    game.log(L.pn(p) .. " exhausts " .. name .. ": " .. L.pn(ctx.player) .. "'s turn ends")
    ctx.cancel = true
  end,
}

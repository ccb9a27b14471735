-- Fleet Logistics: after a tactical action the player may at once take a
-- second tactical action in the same turn (not a third).
local L = game.lib
return {
  when = function(ctx, p)
    return ctx.player == p and not ctx.fleet_logistics and game.get("game", nil, "active") == p
      and game.counter(p, "tactic") > 0
  end,
  run = function(ctx, p, def)
    if game.choose(p, { key = "ti3.take_second_tactical_action", tech = L.name("techs", def.id) }, { "no", "yes" }) ~= "yes" then return end
    game.log({ key = "ti3.takes_second_tactical_action", p = L.pn(p), tech = L.name("techs", def.id) })
    game.step("tactical_action", { player = p, active = p, fleet_logistics = true })
  end,
}

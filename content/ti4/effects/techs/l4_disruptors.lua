-- L4 Disruptors (Letnev): during an invasion by the player, other players'
-- units cannot use SPACE CANNON against the player's units.
-- In the base game the only SPACE CANNON fire of an invasion is space cannon
-- defense (LRR 77.3c: the units on the planet being invaded), one step per
-- planet: the step is cancelled when the invader holds this and some unit on
-- that planet could fire. Space cannon offense (LRR 77.3b) comes before the
-- invasion and is not affected.
local L = game.lib

local function cannons(p, pl)
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).space_cannon then return true end
  end
  return false
end

return {
  when = function(ctx, p) return ctx.player == p and ctx.planet ~= nil and cannons(p, ctx.planet) end,
  run = function(ctx, p, def)
    game.log({ key = "ti4.l4_disruptors", p = L.pn(p), card = L.name("techs", def.id), planet = L.name("planets", ctx.planet) })
    ctx.cancel = true
  end,
}

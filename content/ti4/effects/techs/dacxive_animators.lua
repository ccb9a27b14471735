-- Dacxive Animators: after winning a ground combat, the winner may put 1
-- infantry from reinforcements on that planet.
-- Just before the ground combat step the two sides are noted if a combat
-- will actually be fought (both have ground forces there); after the step,
-- the side that still has ground forces while the other has none has won
-- (LRR 42.4). No combat, or a draw, gives nothing.
local L = game.lib

local function others_ground(p, pl)
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then return u.owner end
  end
  return nil
end

return {
  ["before:ground_combat"] = function(ctx, p)
    local a, pl = ctx.player, ctx.planet
    local d = others_ground(a, pl)
    if d and #L.ground(a, pl) > 0 and (p == a or p == d) then
      ctx.dacxive_sides = { a, d }
    end
  end,

  ["after:ground_combat"] = function(ctx, p, def)
    local sides = ctx.dacxive_sides
    if not sides or (p ~= sides[1] and p ~= sides[2]) then return end
    local opp = (p == sides[1]) and sides[2] or sides[1]
    local pl = ctx.planet
    if #L.ground(p, pl) == 0 or #L.ground(opp, pl) > 0 then return end
    if game.choose(p, { key = "ti4.dacxive_offer", card = L.name("techs", def.id), planet = L.name("planets", pl) }, { "yes", "no" }) ~= "yes" then return end
    game.spawn("infantry", p, { planet = pl })
    game.log({ key = "ti4.places_infantry_on", p = L.pn(p), planet = L.name("planets", pl), card = L.name("techs", def.id) })
  end,
}

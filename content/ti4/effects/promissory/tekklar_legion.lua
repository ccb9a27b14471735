-- Tekklar Legion: at the start of a ground combat of an invasion the holder
-- fights, +1 to their combat rolls in it, and -1 to the N'orr player's when
-- they are the opponent (planet prop `tekklar`, read each round by
-- rules/promissory.lua).
local L = game.lib

local function opponent(ctx, p)
  if ctx.player ~= p then return ctx.player end
  for _, u in ipairs(game.units { planet = ctx.planet, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then return u.owner end
  end
  return nil
end

return {
  when = function(ctx, p)
    if not ctx.planet then return false end
    if ctx.player ~= p and #L.ground(p, ctx.planet) == 0 then return false end
    return opponent(ctx, p) ~= nil
  end,
  run = function(ctx, p, owner, def)
    local opp = opponent(ctx, p)
    game.put("planet", ctx.planet, "tekklar", p)
    game.put("planet", ctx.planet, "tekklar_minus", opp == owner and owner or nil)
    game.log({ key = "ti4.tekklar", p = L.pn(p), planet = L.name("planets", ctx.planet), note = L.name("promissory_notes", def.id) })
  end,
}

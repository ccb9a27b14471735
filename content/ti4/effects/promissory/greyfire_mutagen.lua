-- Greyfire Mutagen: at the start of a ground combat the holder fights
-- against 2 or more ground forces of a player other than the Yin player,
-- one of that player's infantry there is replaced by one of the holder's.
local L = game.lib

local function opponent(ctx, p)
  if ctx.player ~= p then return ctx.player end
  for _, u in ipairs(game.units { planet = ctx.planet, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then return u.owner end
  end
  return nil
end

local function infantry(q, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, owner = q, kind = "infantry" }) do out[#out + 1] = u end
  return out
end

return {
  when = function(ctx, p, owner)
    if not ctx.planet then return false end
    if ctx.player ~= p and #L.ground(p, ctx.planet) == 0 then return false end
    local q = opponent(ctx, p)
    return q ~= nil and q ~= owner and #L.ground(q, ctx.planet) >= 2 and #infantry(q, ctx.planet) > 0
  end,
  run = function(ctx, p, owner, def)
    local q = opponent(ctx, p)
    local u = infantry(q, ctx.planet)[1]
    game.remove_unit(u.id)
    game.spawn("infantry", p, { planet = ctx.planet })
    game.log({ key = "ti4.greyfire", p = L.pn(p), q = L.pn(q), planet = L.name("planets", ctx.planet), note = L.name("promissory_notes", def.id) })
  end,
}

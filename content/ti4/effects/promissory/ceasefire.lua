-- Ceasefire: after its owner activates a system holding units of the holder,
-- the owner's movement step moves nothing into it (the tactical action's
-- ctx.ceasefire, read by the movement step of rules/promissory.lua).
local L = game.lib
return {
  when = function(ctx, p, owner)
    return ctx.player == owner and ctx.system ~= nil and game.count_units { system = ctx.system, owner = p } > 0
  end,
  run = function(ctx, p, owner, def)
    ctx.ceasefire = p
    game.log({ key = "ti4.ceasefire", q = L.pn(owner), system = L.sysname(ctx.system), note = L.name("promissory_notes", def.id) })
  end,
}

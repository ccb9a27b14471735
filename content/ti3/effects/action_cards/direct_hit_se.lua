-- Direct Hit (SE): right after another player's ship sustains damage from
-- the player's hits in a space battle, that ship is destroyed (any ship;
-- not a dreadnought or war sun whose owner has Nano Technology: races.lua's
-- L.ac_immune).
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    if p == ctx.player or ctx.source ~= p or ctx.label ~= "space combat" or ctx.kind == nil or ctx.destroy then return false end
    if L.ac_immune and L.ac_immune(ctx.player, ctx.kind, p) then return false end
    return game.unit_exists(ctx.unit) and L.def(ctx.player, ctx.kind).class == "ship"
  end,
  run = function(ctx, p) ctx.destroy = true end,
}

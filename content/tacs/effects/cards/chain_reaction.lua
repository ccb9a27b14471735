-- Chain Reaction: a ship just damaged in a space battle takes double that
-- damage. The seed sets no condition on whose shot it was, so the player may
-- play it on any other player's ship (also one hit by its own side's PDS miss
-- or friendly fire); never on a PDS (not a ship), nor on a dreadnought or war
-- sun whose owner is immune to action cards (Nano Technology, L.ac_immune).
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    if L.ac_immune and L.ac_immune(ctx.player, ctx.kind, p) then return false end
    return ctx.player ~= p and ctx.n > 0 and L.def(ctx.player, ctx.kind).class == "ship"
  end,
  run = function(ctx, p) ctx.n = ctx.n * 2 end,
}

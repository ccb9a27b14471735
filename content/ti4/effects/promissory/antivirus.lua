-- Antivirus: at the start of a combat the holder fights, face up into their
-- play area, where it keeps the Nekro player from using Technological
-- Singularity against them (L.singularity_allowed, rules/promissory.lua).
local L = game.lib
return {
  when = function(ctx, p)
    if ctx.player == p then return true end
    if ctx.planet then return #L.ground(p, ctx.planet) > 0 end
    return ctx.defender == p
  end,
  run = function(ctx, p, owner, def) end,
}

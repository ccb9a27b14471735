-- L1Z1X flagship: while it is in a space battle, the hits its owner's
-- flagship and dreadnoughts score go to the opponent's ships other than
-- fighters as long as there are any. The roll's groups are handed to
-- u_flagships.lua (F.bound), whose L.assign_hits splits the assignment: the
-- bound hits first, then the others. The groups are read when the hits are
-- assigned, so rerolls made after this script count.
local L = game.lib
local function flagship(ctx, p)
  return L.flagships.has(p, ctx.system, "binds_hits_of")
end
return {
  when = function(ctx, p)
    return ctx.player == p and not ctx.ground and ctx.label == "space combat" and flagship(ctx, p) ~= nil
  end,
  run = function(ctx, p)
    local types = {}
    for _, t in ipairs(flagship(ctx, p).def.binds_hits_of) do types[t] = true end
    L.flagships.bound[p] = { system = ctx.system, groups = ctx.groups, types = types }
  end,
}

-- Direct Hit: the enemy dreadnought or war sun the player's shot damaged is destroyed.
local L = game.lib
return {
  when = function(ctx, p)
    if ctx.source ~= p or ctx.player == p or ctx.n <= 0 then return false end
    local t = L.def(ctx.player, ctx.kind).type or ctx.kind
    return t == "dreadnought" or t == "war_sun"
  end,
  run = function(ctx, p)
    for _, u in ipairs(game.units { system = ctx.system, owner = ctx.player }) do
      if u.id == ctx.unit then ctx.n = math.max(ctx.n, L.tacs_hp(u)) end
    end
  end,
}

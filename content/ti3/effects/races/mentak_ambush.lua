-- Mentak: before a space battle the player takes part in, up to two of its
-- cruisers and/or destroyers there fire once each (at their combat value);
-- the opponent removes the losses at once and does not fire back.
local L = game.lib

local function sides(ctx)
  local a = ctx.player
  return a, ctx.defender or L.enemies_in(a, ctx.system)[1]
end

return {
  when = function(ctx, p)
    local a, d = sides(ctx)
    return d ~= nil and (p == a or p == d)
  end,
  run = function(ctx, p, def)
    local a, d = sides(ctx)
    local opp = (p == a) and d or a
    local s = ctx.system
    local hits = L.ambush_fire(p, opp, s, def)
    if not hits then return end
    L.assign_hits(opp, L.ships(opp, s), hits, "ambush", { source = p })
  end,
}

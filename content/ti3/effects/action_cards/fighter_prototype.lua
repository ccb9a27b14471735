-- Fighter Prototype: just before a space battle, the player's fighters in
-- that system get +2 on their combat rolls for one combat round (the first).
local L = game.lib
local function fighters(p, s)
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "fighter" then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and not ctx.ground and ctx.round == 1 and ctx.mods ~= nil
      and ctx.mods[p] ~= nil and fighters(p, ctx.system)
  end,
  run = function(ctx, p) ctx.mods[p].fighter = (ctx.mods[p].fighter or 0) + 2 end,
}

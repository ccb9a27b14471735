-- Direct Hit: the seed changes only its count (2), so the card is Shattered
-- Empire's: right after the player's shot damaged another player's ship in a
-- space battle, that ship (any type) is destroyed; not a dreadnought or war
-- sun whose owner is immune to action cards (Nano Technology, L.ac_immune),
-- nor while Communications Breakdown holds (ac_lock).
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    if ctx.source ~= p or ctx.player == p or ctx.n <= 0 then return false end
    if L.ac_immune and L.ac_immune(ctx.player, ctx.kind, p) then return false end
    return L.def(ctx.player, ctx.kind).class == "ship"
  end,
  run = function(ctx, p)
    for _, u in ipairs(game.units { system = ctx.system, owner = ctx.player }) do
      if u.id == ctx.unit then ctx.n = math.max(ctx.n, L.tacs_hp(u)) end
    end
  end,
}

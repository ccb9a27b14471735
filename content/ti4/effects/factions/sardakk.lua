-- Sardakk N'orr, faction-wide effects. Flagship C'morran N'orr: in a space
-- combat in its system, the player's other ships get +1 on each combat die
-- (a per-kind modifier for every kind of ship there but the flagship).
local L = game.lib
local FLAGSHIP = "sardakk_flagship"

return {
  combat_round_start = function(ctx, p)
    if ctx.ground or not ctx.system or not ctx.mods or not ctx.mods[p] then return end
    local here, kinds = false, {}
    for _, u in ipairs(L.ships(p, ctx.system)) do
      if L.has_flagship_ability(p, u, FLAGSHIP) then here = true else kinds[u.kind] = true end
    end
    if not here then return end
    for _, k in ipairs(game.keys(kinds)) do ctx.mods[p][k] = (ctx.mods[p][k] or 0) + 1 end
  end,
}

-- Barony of Letnev, faction-wide effects. Flagship Arc Secundus: at the start
-- of each space combat round it is repaired. (Its other ability, other
-- players' units in its system losing PLANETARY SHIELD, is the unit field
-- `removes_planetary_shield`, read by L.shielded.)
-- The combat_round_start window opens after retreats are announced; being
-- repaired a moment earlier would not change what may be announced.
local L = game.lib

return {
  combat_round_start = function(ctx, p)
    if ctx.ground or not ctx.mods or not ctx.mods[p] or not ctx.system then return end
    for _, u in ipairs(L.ships(p, ctx.system)) do
      if L.has_flagship_ability(p, u, "letnev_flagship") and game.get("unit", u.id, "damaged") then
        game.put("unit", u.id, "damaged", nil)
        game.log({ key = "ti4.repaired_by", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, card = L.name("units", "letnev_flagship") })
      end
    end
  end,
}

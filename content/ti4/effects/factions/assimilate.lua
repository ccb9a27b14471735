-- L1Z1X, Assimilate: when the player gains control of a planet, each PDS and
-- space dock of other players on it is replaced by the same unit from the
-- player's reinforcements (with none left there, the player may send one of
-- theirs back from the board first, LRR 23.4a: L.place_unit).
-- In an invasion, the structures are replaced just before control is
-- established (where they would otherwise be destroyed, LRR 49.5a). A unit
-- the player has none of left in reinforcements (unit limit), none being sent back, is not replaced
-- and is destroyed as usual. Planets gained any other way are handled when
-- the planet is gained.
local L = game.lib

local function assimilate(p, pl, def)
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    local t = L.def(u.owner, u.kind).type
    if t == "pds" or t == "space_dock" then
      local room = L.can_place_unit(p, t)
      if room and t == "space_dock" and game.count_units { planet = pl, owner = p, kind = t } > 0 then room = false end
      if room and L.place_unit(p, t, { planet = pl }) then
        game.remove_unit(u.id)
        game.log({ key = "ti4.assimilates", p = L.pn(p), q = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id,
          planet = L.name("planets", pl), ability = L.name("abilities", def.id) })
      end
    end
  end
end

return {
  when = function(ctx, p)
    if ctx.player ~= p then return false end
    if ctx.window == "before:establish_control" then
      return game.planet_owner(ctx.planet) ~= p and #L.ground(p, ctx.planet) > 0
    end
    return true
  end,
  ["before:establish_control"] = function(ctx, p, def) assimilate(p, ctx.planet, def) end,
  planet_gained = function(ctx, p, def) assimilate(p, ctx.planet, def) end,
}

-- Embers of Muaat, faction-wide effects. Flagship The Inferno: ACTION: pay 1
-- strategy-pool token to put 1 cruiser from reinforcements into the
-- flagship's system (then the fleet pool is checked there).
local L = game.lib

local function inferno(p)
  for _, u in ipairs(game.units { owner = p, kind = "flagship", space = true }) do
    if u.system and L.has_flagship_ability(p, u, "muaat_flagship") then return u end
  end
  return nil
end

return {
  usable = function(p)
    return game.counter(p, "strategy") > 0 and inferno(p) ~= nil
      and game.count_units { owner = p, kind = "cruiser" } < L.def(p, "cruiser").limit
  end,
  component = function(p, def)
    local u = inferno(p)
    game.add(p, "strategy", -1)
    game.spawn("cruiser", p, { system = u.system })
    game.log({ key = "ti4.places_units_in", p = L.pn(p), units = { key = "ti4.one_cruiser" }, system = L.sysname(u.system), card = L.name("units", "muaat_flagship") })
    L.enforce_limits(p, u.system)
  end,
}

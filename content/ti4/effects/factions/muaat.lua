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
      and L.can_place_unit(p, "cruiser")  -- (or one back from the board, LRR 23.4a)
  end,
  component = function(p, def)
    local u = inferno(p)
    -- (p may decline to send one back from the board: then nothing is paid)
    if not L.place_unit(p, "cruiser", { system = u.system }) then return end
    game.add(p, "strategy", -1)
    game.log({ key = "ti4.places_units_in", p = L.pn(p), units = { key = "ti4.one_cruiser" }, system = L.sysname(u.system), card = L.name("units", "muaat_flagship") })
    L.enforce_limits(p, u.system)
  end,
}

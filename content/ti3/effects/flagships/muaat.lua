-- Muaat flagship: as an action, spend a counter from strategy allocation to
-- put a cruiser from reinforcements, free, in the flagship's system (fleet
-- supply is checked there afterwards).
local L = game.lib
local function cruiser_room(p)
  local d = L.def(p, "cruiser")
  return not d.limit or game.count_units { owner = p, kind = "cruiser" } < d.limit
end
return {
  usable = function(p, def)
    local cost = (def.free_cruiser and def.free_cruiser.strategy) or 1
    return game.counter(p, "strategy") >= cost and #L.flagships.units(p) > 0 and cruiser_room(p)
  end,
  component = function(p, def)
    local cost = (def.free_cruiser and def.free_cruiser.strategy) or 1
    local u = L.flagships.units(p)[1]
    game.add(p, "strategy", -cost)
    game.spawn("cruiser", p, { system = u.system })
    game.log({ key = cost == 1 and "ti3.muaat_puts_cruiser_one" or "ti3.muaat_puts_cruiser_many", p = L.pn(p), cost = cost, system = L.sysname(u.system), unit = L.name("units", def.id) })
    L.enforce_limits(p, u.system)
  end,
}

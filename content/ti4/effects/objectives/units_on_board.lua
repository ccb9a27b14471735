-- Objectives "have N units of type T on the board" (def.unit_type, def.count).
-- The type is the unit's slot, so faction units count (e.g. L1Z1X's super
-- dreadnoughts are dreadnoughts).
local L = game.lib
return {
  check = function(p, def)
    local n = 0
    for _, u in ipairs(game.units { owner = p }) do
      if L.def(p, u.kind).type == def.unit_type then n = n + 1 end
    end
    return n >= def.count
  end,
}

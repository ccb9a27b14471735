-- Objectives "control N planets with trait T" (def.trait, def.count).
local L = game.lib
return {
  check = function(p, def)
    local n = 0
    for _, pl in ipairs(L.objective_planets(p)) do
      if L.has_trait(pl, def.trait) then n = n + 1 end
    end
    return n >= def.count
  end,
}

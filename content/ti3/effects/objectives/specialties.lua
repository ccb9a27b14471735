-- Objectives about the technology specialties of controlled planets
-- (def.specialties):
--   {each_of = [colours]}   at least one planet of each listed specialty
--   {same = N}              N planets sharing one specialty
--   {any = N}               N planets that have a specialty
-- Exhausted planets count: the cards ask for control, not for the specialty's use.
local L = game.lib
return {
  check = function(p, def)
    local need = def.specialties
    local by, total = {}, 0
    for _, pl in ipairs(game.planets_owned(p)) do
      local s = L.pdef(pl).specialty
      if s then
        by[s] = (by[s] or 0) + 1
        total = total + 1
      end
    end
    if need.each_of then
      for _, s in ipairs(need.each_of) do
        if not by[s] then return false end
      end
      return true
    end
    if need.same then
      for _, s in ipairs(game.keys(by)) do
        if by[s] >= need.same then return true end
      end
      return false
    end
    return total >= need.any
  end,
}

-- Objectives about technology advances (def.techs):
--   {total = N}                at least N advances
--   {same_colour = N}          N advances of one colour
--   {colours = K, each = M}    at least M advances in each of K colours
-- Only the generic technologies (collection `techs`) are counted: racial
-- technologies are kept apart and have no colour. That they are not
-- "Technology Advances" for objectives is our reading of the TI3/SE rules
-- from memory (the public sources do not say).
local L = game.lib
return {
  check = function(p, def)
    local need = def.techs
    local c = L.tech_colors(p)
    if need.total then
      local n = 0
      for _, k in ipairs(game.keys(c)) do n = n + c[k] end
      return n >= need.total
    end
    if need.same_colour then
      for _, k in ipairs(game.keys(c)) do
        if c[k] >= need.same_colour then return true end
      end
      return false
    end
    local k = 0
    for _, col in ipairs(game.keys(c)) do
      if c[col] >= need.each then k = k + 1 end
    end
    return k >= need.colours
  end,
}

-- Objectives comparing the total influence of controlled planets with the
-- players seated immediately left and right (def.compare):
--   each   more than each of the two, taken one at a time
--   both   more than the two added together
-- Planets count whether exhausted or not (printed influence values). Seats
-- run clockwise in player order, so the neighbours of p are p-1 and p+1.
local L = game.lib

local function influence(q)
  local n = 0
  for _, pl in ipairs(game.planets_owned(q)) do n = n + (L.pdef(pl).influence or 0) end
  return n
end

return {
  check = function(p, def)
    local n = game.num_players()
    local left, right = (p - 2) % n + 1, p % n + 1
    local mine, a, b = influence(p), influence(left), influence(right)
    if def.compare == "both" then return mine > a + b end
    return mine > a and mine > b
  end,
}

-- Technology: one technology free; secondary: 8 resources for one. A racial
-- technology may be bought instead, for its own cost (our reading: the TI3
-- race sheets price them; the rulebook text is not in the public sources).
local L = game.lib
-- (L.strategy_research: rules/tech.lua.)
return {
  primary = function(p) L.strategy_research(p, 0) end,
  secondary = function(q) L.strategy_research(q, 8) end,
}

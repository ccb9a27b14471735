-- Technology II (Shattered Empire). Primary: one technology free, then the
-- holder may buy a second one for 8 resources. Secondary: one technology for
-- 6 resources. Prerequisites must be met each time. As with the base card
-- (technology.lua; L.strategy_research in rules/tech.lua), a racial technology may be taken instead, for its own
-- cost (our reading; the rulebook text is not in the public sources).
local L = game.lib

return {
  primary = function(p)
    L.strategy_research(p, 0)
    L.strategy_research(p, 8, { key = "ti3.buy_second_technology" })
  end,
  secondary = function(q) L.strategy_research(q, 6) end,
}

-- Technology II (SA): as ti3's card (one technology free, then a second one
-- may be bought for 8 resources; secondary: one for 6 resources), each price
-- lowered by technology specialties and artifacts (L.sa_research,
-- rules/h_tech.lua).
local L = game.lib
return {
  primary = function(p)
    L.sa_research(p, 0)
    L.sa_research(p, 8, { key = "sa.research_second", n = 8 })
  end,
  secondary = function(q) L.sa_research(q, 6) end,
}

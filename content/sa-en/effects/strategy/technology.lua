-- Technology (SA): as ti3's card (one technology free; secondary: one for 8
-- resources), the price lowered by technology specialties and artifacts
-- (L.sa_research, rules/h_tech.lua).
local L = game.lib
return {
  primary = function(p) L.sa_research(p, 0) end,
  secondary = function(q) L.sa_research(q, 8) end,
}

-- SA general rule: home system planets go back to their owner as each
-- strategy phase begins (rules/b_general.lua, item 8).
local L = game.lib
return {
  ["before:strategy_phase"] = function() L.sa_general.home_planets_return() end,
}

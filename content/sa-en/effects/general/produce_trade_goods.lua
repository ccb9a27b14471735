-- SA general rule: trade goods from unused resources, just before the planets
-- are refreshed (rules/b_general.lua, item 10).
local L = game.lib
return {
  ["before:ready_cards"] = function() L.sa_general.produce_trade_goods() end,
}

-- Trade II (Shattered Empire; no secondary). The holder gains 3 trade goods
-- or cancels up to two trade agreements (never one with a Hacan player:
-- L.unbreakable, races.lua). Then every player collects from his active
-- agreements, all but the holder one trade good less in total. Then trade
-- negotiations are opened for all; the holder approves new agreements.
-- The handlers are built by rules/card_scripts.lua, where a variant may
-- build them again with its own steps.
return game.lib.card_scripts.trade_ii()

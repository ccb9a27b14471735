-- Mentak: in the strategy phase, take one trade good from each of up to two
-- other players who hold at least three.
-- (The step is rules/card_scripts.lua's, where a variant may use it too.)
local L = game.lib
return function(ctx, p, def) L.card_scripts.pillage(p, def) end

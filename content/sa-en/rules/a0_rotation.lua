-- Shattered Ascension v4.5: the Rotation Cycler for strategic actions
-- (integration of rules/k_victory.lua's cycler with ti3's strategic action).
--
-- ti3's `strategic_action` (content/ti3/rules/round.lua) offers the secondary
-- of a strategy card to the other players in order from L.secondary_first,
-- its holder's clockwise neighbour. In SA every player-to-player order
-- follows the Rotation Cycler (game prop `rotation`, L.next_in_rotation /
-- L.order_from of rules/k_victory.lua), so the hook here names the holder's
-- next player in rotation; the order after him is the cycler's
-- (L.order_from).
local L = game.lib

function L.secondary_first(p)
  if L.next_in_rotation then return L.next_in_rotation(p) end
  return p % game.num_players() + 1
end

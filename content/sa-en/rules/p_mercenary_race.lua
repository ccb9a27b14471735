-- Shattered Ascension v4.5 (seed 000, appendix 5, Mercenaries): a loyalty bid
-- takes a mercenary away only if it beats the owner's counter-bid by 2 trade
-- goods, or by 3 when the mercenary is of the owner's own race.
--
-- The mercenary cards of our sources have no race, so a mercenary has one
-- only if its entry in sa_mercenaries gives `race:` (a race id); without it
-- the margin is always 2. UNCERTAIN: which mercenaries belong to which race
-- (not in our sources).
-- The margin reaches rules/n_options2.lua's loyalty bids through its
-- O.loyalty_margin hook.
local L = game.lib
local AU = L.sa_more or {}
L.sa_more = AU
local O = L.sa_opt2

AU.LOYALTY_MARGIN = 2
AU.LOYALTY_MARGIN_SAME_RACE = 3

-- The overbid a loyalty bid needs against the owner of mercenary id.
function AU.loyalty_margin(owner, id)
  local d = game.data.sa_mercenaries and game.data.sa_mercenaries[id]
  if d and d.race and d.race == game.get("player", owner, "faction") then return AU.LOYALTY_MARGIN_SAME_RACE end
  return AU.LOYALTY_MARGIN
end

if O and O.loyalty_bids then
  function O.loyalty_margin(owner, id) return AU.loyalty_margin(owner, id) end
  function O.loyalty_note(owner, id)
    local margin = AU.loyalty_margin(owner, id)
    if margin == AU.LOYALTY_MARGIN then return nil end
    return margin
  end
end

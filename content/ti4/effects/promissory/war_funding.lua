-- War Funding: played between the two sides' combat rolls of a space combat
-- round (L.space_combat_rolled, rules/promissory.lua): all of the opponent's
-- dice may be rolled again, then the holder's missed dice, group by group.
return {}

-- House rules of seed 002 that are not data (see options.yaml, units.yaml and
-- strategy.yaml for the others).
local L = game.lib

-- House rule 7: the n-th command counter bought with Leadership's secondary
-- costs n influence, so n counters together cost 1 + 2 + ... + n.
function L.tacs_leadership_price(n) return n * (n + 1) // 2 end

-- House rule 6: there is no limit to a player's trade goods. ti3 keeps none,
-- so nothing changes here.

-- House rule 1: the public objective deck mixes base and Shattered Empire
-- objectives (as ti3 already does) without Imperium Rex: 3 stage II cards
-- under 6 stage I cards; the game ends on victory points or when the rounds
-- run out.
function L.build_objective_deck()
  game.zone_new("deck:public", nil, {})
  game.draw("tmp:stage2", "deck:public", 3)
  game.shuffle("deck:public")
  game.draw("tmp:stage1", "deck:public", 6)
end

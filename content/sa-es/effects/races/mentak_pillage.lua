-- Mentak, Pillage (seed 001 "Razas"): an action that costs one command counter
-- from the strategy allocation: take one trade good from each of up to two
-- other players who hold three or more. (The targets and the three-good
-- threshold are the TI3 ability's, ti3's step C.pillage; 001 only makes it
-- an action with a cost. Under Pacts the partner race is never a target:
-- L.may_pillage, rules/es_options.lua.)
local L = game.lib
local function has_target(p)
  for q = 1, game.num_players() do
    if L.may_pillage(p, q) and game.counter(q, "tg") >= 3 then return true end
  end
  return false
end
return {
  usable = function(p, def)
    return game.counter(p, "strategy") > 0 and has_target(p)
  end,
  component = function(p, def, ctx)
    game.add(p, "strategy", -1)
    -- one more use of the ability (counted for the 2-player rule, l.335)
    game.put("player", p, "sa_es_pillage_uses", (game.get("player", p, "sa_es_pillage_uses") or 0) + 1)
    game.log({ key = "sa_es.spends_strategy_on", p = L.pn(p), card = L.name("race_abilities", def.id) })
    L.card_scripts.pillage(p, def)
  end,
}

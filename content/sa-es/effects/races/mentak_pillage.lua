-- Mentak, Pillage (seed 001 "Razas"): an action that costs one command counter
-- from the strategy allocation: take one trade good from each of up to two
-- other players who hold three or more. (The targets and the three-good
-- threshold are the TI3 ability's; 001 only makes it an action with a cost.)
-- Under Pacts the Mentak's own other race is no other player (001 l.210):
-- it is never a target. UNCERTAIN: 001 says nothing of Pillage under Pacts;
-- read so because the two races belong to one player.
local L = game.lib
local function victim(p, q)
  local ES = L.sa_es
  if q == p then return false end
  return not (game.options.pacts and ES and ES.is_opponent) or ES.is_opponent(p, q)
end
local function targets(p, taken)
  local out = {}
  for q = 1, game.num_players() do
    if victim(p, q) and not (taken and taken[q]) and game.counter(q, "tg") >= 3 then out[#out + 1] = q end
  end
  return out
end
-- ti3's Pillage step (card_scripts.lua C.pillage) on the targets above.
local function pillage(p, def)
  local taken = {}
  for _ = 1, 2 do
    local opts = { "none" }
    for _, q in ipairs(targets(p, taken)) do opts[#opts + 1] = L.pn(q) end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti3.pillage_take_from", ability = L.name("race_abilities", def.id) }, opts)
    if pick == "none" then return end
    local q = tonumber(pick:sub(2))
    L.pillage_picked(p, q, def)
    taken[q] = true
    game.add(q, "tg", -1)
    game.add(p, "tg", 1)
    game.log({ key = "ti3.takes_tg_from", p = L.pn(p), q = L.pn(q), ability = L.name("race_abilities", def.id) })
  end
end
return {
  usable = function(p, def)
    return game.counter(p, "strategy") > 0 and #targets(p) > 0
  end,
  component = function(p, def, ctx)
    game.add(p, "strategy", -1)
    -- one more use of the ability (counted for the 2-player rule, l.335)
    game.put("player", p, "sa_es_pillage_uses", (game.get("player", p, "sa_es_pillage_uses") or 0) + 1)
    game.log({ key = "sa_es.spends_strategy_on", p = L.pn(p), card = L.name("race_abilities", def.id) })
    pillage(p, def)
  end,
}

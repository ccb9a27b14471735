-- Political Stability: played in the status phase (before the strategy
-- cards go back), the player keeps the strategy cards he holds for the next
-- round and chooses none in its strategy phase (the rules'
-- L.keeps_strategy_cards and L.skips_strategy_choice read the player prop
-- sc_kept_round). Not playable with Initiative or Imperial (SE: Leadership,
-- Imperial II - our reading).
local L = game.lib
local BARRED = { initiative = true, imperial = true, leadership = true, imperial_ii = true }
local function held(p)
  local out = {}
  for _, id in ipairs(L.sc_ids()) do
    if game.get("game", nil, "sc_owner:" .. id) == p then out[#out + 1] = id end
  end
  return out
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local cards = held(p)
    if #cards == 0 then return false end
    for _, id in ipairs(cards) do if BARRED[id] then return false end end
    return true
  end,
  run = function(ctx, p)
    game.put("player", p, "sc_kept_round", game.get("game", nil, "round") or 0)
    local names = {}
    for _, id in ipairs(held(p)) do names[#names + 1] = L.name("strategy_cards", id) end
    game.log({ key = "ti3.keeps_strategy_cards", p = L.pn(p), cards = names })
  end,
}

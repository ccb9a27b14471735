-- Vorhal Peace Prize (law, For/Against).
-- For: in every status phase, the player(s) with the fewest command counters
-- in their fleet supply gain one more command counter. The fleet supplies are
-- compared when the gain_command_tokens step starts; the extra counter comes
-- from reinforcements when that step ends, into a pool of the player's choice
-- (the same as getting it with the others, since he may place it anywhere).
-- Against: the player(s) with the fewest command counters in their fleet
-- supply gain 3 trade goods at once.
local L = game.lib
local ID = "vorhal_peace_prize"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "vorhal_peace_prize") end

local function lowest()
  local low, who = nil, {}
  for _, p in ipairs(L.order_from(L.speaker())) do
    local f = game.counter(p, "fleet")
    if not low or f < low then low, who = f, { p } elseif f == low then who[#who + 1] = p end
  end
  return who
end

return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(lowest()) do L.gain_tg(p, 3, NAME()) end
  end,
  ["before:gain_command_tokens"] = function(ctx, p, def)
    if p ~= nil or game.get("game", nil, "law:" .. ID) ~= "for" then return end
    ctx.vorhal = lowest()
  end,
  ["after:gain_command_tokens"] = function(ctx, p, def)
    if p ~= nil or not ctx.vorhal then return end
    for _, q in ipairs(ctx.vorhal) do
      if L.reinforcements(q) > 0 then
        local pool = game.choose(q, { key = "ti3.place_command_counter_for", card = NAME() }, L.POOLS)
        game.add(q, pool, 1)
        game.log({ key = "ti3.gains_command_counter_pool_for", p = L.pn(q), pool = pool, card = NAME() })
      end
    end
  end,
}

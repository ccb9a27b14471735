-- Imperial Academy. For (law): with the Logistics secondary a command
-- counter costs 2 influence instead of 3 (the game prop
-- logistics_counter_price the rules' L.logistics_counter_price reads;
-- `repeal` restores the price). Against: no effect.
return {
  resolve = function(outcome)
    if outcome == "for" then game.put("game", nil, "logistics_counter_price", 2) end
  end,
  repeal = function() game.put("game", nil, "logistics_counter_price", nil) end,
}

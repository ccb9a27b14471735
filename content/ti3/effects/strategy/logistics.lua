-- Logistics: four command counters; secondary (free): one counter per three
-- influence spent.
local L = game.lib
local function place(p, n)
  for _ = 1, math.min(n, L.reinforcements(p)) do
    game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1)
  end
end
return {
  primary = function(p) place(p, 4) end,
  -- (The price of a counter: the rules' L.logistics_counter_price.)
  secondary = function(p)
    local price = L.logistics_counter_price(p)
    local opts = { "0" }
    for i = 1, math.min(math.floor(L.spendable(p, "influence") / price), L.reinforcements(p)) do opts[#opts + 1] = tostring(i) end
    local prompt = price == 3 and { key = "ti3.buy_counters_3_influence" } or { key = "ti3.buy_counters_influence", n = price }
    local n = tonumber(game.choose(p, prompt, opts))
    if n > 0 then
      L.pay(p, price * n, "influence")
      place(p, n)
    end
  end,
}

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
  secondary = function(p)
    local opts = { "0" }
    for i = 1, math.min(math.floor(L.spendable(p, "influence") / 3), L.reinforcements(p)) do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti3.buy_counters_3_influence" }, opts))
    if n > 0 then
      L.pay(p, 3 * n, "influence")
      place(p, n)
    end
  end,
}

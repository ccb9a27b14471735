-- Leadership (Shattered Empire): three command counters from reinforcements,
-- then the holder may use the secondary at once. Secondary (free, the card's
-- `free_secondary`): buy up to three command counters from reinforcements
-- for two influence each.
local L = game.lib

local function place(p, n)
  n = math.min(n, L.reinforcements(p))
  for _ = 1, n do game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1) end
  if n > 0 then
    game.log({ key = n > 1 and "ti3.leadership_gains_many" or "ti3.leadership_gains_one", p = L.pn(p), n = n, tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end
end

local function buy(p)
  local max = math.min(3, math.floor(L.spendable(p, "influence") / 2), L.reinforcements(p))
  if max <= 0 then return end
  local opts = {}
  for i = 0, max do opts[#opts + 1] = tostring(i) end
  local n = tonumber(game.choose(p, { key = "ti3.buy_counters_2_influence" }, opts))
  if n > 0 then
    L.pay(p, 2 * n, "influence")
    place(p, n)
  end
end

return {
  primary = function(p)
    place(p, 3)
    buy(p)
  end,
  secondary = buy,
  can_secondary = function(q)
    return L.reinforcements(q) > 0 and L.spendable(q, "influence") >= 2
  end,
}

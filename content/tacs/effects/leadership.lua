-- Leadership in TACS (seed 002, house rule 7): as Shattered Empire's card
-- (three command counters from reinforcements, then the secondary at once),
-- but command counters bought with the secondary cost 1 influence for the
-- first, 2 for the second, 3 for the third and so on (n counters cost
-- n(n+1)/2), with no cap but the reinforcements.
local L = game.lib

local function place(p, n)
  n = math.min(n, L.reinforcements(p))
  for _ = 1, n do game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1) end
  if n > 0 then
    game.log({ key = n > 1 and "ti3.leadership_gains_many" or "ti3.leadership_gains_one", p = L.pn(p), n = n, tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end
end

local function buy(p)
  local budget = L.spendable(p, "influence")
  local room = L.reinforcements(p)
  local opts = { "0" }
  local n = 0
  while n < room and L.tacs_leadership_price(n + 1) <= budget do
    n = n + 1
    opts[#opts + 1] = tostring(n)
  end
  if n == 0 then return end
  local k = tonumber(game.choose(p, { key = "tacs.buy_counters" }, opts))
  if k > 0 then
    local price = L.tacs_leadership_price(k)
    L.pay(p, price, "influence")
    game.log({ key = "tacs.buys_counters", p = L.pn(p), n = k, price = price })
    place(p, k)
  end
end

return {
  primary = function(p)
    place(p, 3)
    buy(p)
  end,
  secondary = buy,
  can_secondary = function(q)
    return L.reinforcements(q) > 0 and L.spendable(q, "influence") >= 1
  end,
}

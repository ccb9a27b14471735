-- Leadership (Shattered Empire): three command counters from reinforcements,
-- then the holder may use the secondary at once. Secondary (free, the card's
-- `free_secondary`): buy up to three command counters from reinforcements
-- for two influence each (its price, cap, prompt and report: the
-- L.leadership_* hooks in rules/round.lua).
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
  local room = math.min(L.leadership_most(p), L.reinforcements(p))
  local max = 0
  while max < room and L.leadership_price(p, max + 1) <= budget do max = max + 1 end
  if max <= 0 then return end
  local opts = {}
  for i = 0, max do opts[#opts + 1] = tostring(i) end
  local n = tonumber(game.choose(p, L.leadership_buy_prompt(p), opts))
  if n > 0 then
    local price = L.leadership_price(p, n)
    L.pay(p, price, "influence")
    L.leadership_bought(p, n, price)
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
    return L.reinforcements(q) > 0 and L.spendable(q, "influence") >= L.leadership_price(q, 1)
  end,
}

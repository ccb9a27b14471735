-- Objectives with a cost that the `spend` field (paid by L.score) cannot
-- express; the cost is in def.cost and is paid here, by `pay`:
--   cost_mode all  {tg = T, resources = R, influence = I}, all three at once.
--                  Trade goods may also stand in for resources or influence
--                  (TI3), so the parts are checked together: T goods, then R
--                  and I from ready planets (each planet exhausted for one of
--                  the two) and the goods left over.
--   cost_mode any  {resources = R, influence = I}: one of the two, the
--                  claimer's choice when both are affordable.
--   {command_counters = N}  N counters from the command pool (tactic) and/or
--                  the strategy allocation, never the fleet supply, as the
--                  cards say.
local L = game.lib

local function copy(t)
  local o = {}
  for i, v in ipairs(t) do o[i] = v end
  return o
end

-- The best way to cover R resources and I influence from p's ready planets:
-- the fewest trade goods (each worth L.trade_good_worth(p), rounded up for
-- each of the two parts), then the least value wasted, then the fewest
-- planets. Returns goods needed, planets for resources, planets for influence.
local function split(p, R, I)
  local ready = L.ready_planets(p)
  table.sort(ready)
  local states = { ["0,0"] = { r = 0, i = 0, res = {}, inf = {}, waste = 0, n = 0 } }
  for _, pl in ipairs(ready) do
    local d = L.pdef(pl)
    local nxt = {}
    local function offer(s)
      s.waste = math.max(0, s.r - R) + math.max(0, s.i - I)
      local key = math.min(s.r, R) .. "," .. math.min(s.i, I)
      local cur = nxt[key]
      if not cur or s.waste < cur.waste or (s.waste == cur.waste and s.n < cur.n) then nxt[key] = s end
    end
    for _, k in ipairs(game.keys(states)) do
      local s = states[k]
      offer(s)
      if s.r < R and (d.resources or 0) > 0 then
        local res = copy(s.res); res[#res + 1] = pl
        offer({ r = s.r + d.resources, i = s.i, res = res, inf = s.inf, n = s.n + 1 })
      end
      if s.i < I and (d.influence or 0) > 0 then
        local inf = copy(s.inf); inf[#inf + 1] = pl
        offer({ r = s.r, i = s.i + d.influence, res = s.res, inf = inf, n = s.n + 1 })
      end
    end
    states = nxt
  end
  local best, bestgoods
  for _, k in ipairs(game.keys(states)) do
    local s = states[k]
    local w = L.trade_good_worth(p)
    local goods = (R - math.min(s.r, R) + w - 1) // w + (I - math.min(s.i, I) + w - 1) // w
    if not best or goods < bestgoods or (goods == bestgoods and (s.waste < best.waste or (s.waste == best.waste and s.n < best.n))) then
      best, bestgoods = s, goods
    end
  end
  return bestgoods, best.res, best.inf
end

local function pools(p)
  local out = {}
  for _, pool in ipairs({ "tactic", "strategy" }) do
    if game.counter(p, pool) > 0 then out[#out + 1] = pool end
  end
  return out
end

local function affordable_kinds(p, cost)
  local out = {}
  for _, kind in ipairs(game.keys(cost)) do
    if L.spendable(p, kind) >= cost[kind] then out[#out + 1] = kind end
  end
  return out
end

return {
  check = function(p, def)
    local c = L.objective_cost(p, def, def.cost)
    if c.command_counters then
      return game.counter(p, "tactic") + game.counter(p, "strategy") >= c.command_counters
    end
    if def.cost_mode == "any" then return #affordable_kinds(p, c) > 0 end
    local T = c.tg or 0
    if game.counter(p, "tg") < T then return false end
    local goods = split(p, c.resources or 0, c.influence or 0)
    return goods <= game.counter(p, "tg") - T
  end,
  pay = function(p, def)
    local c = L.objective_cost(p, def, def.cost)
    if c.command_counters then
      local spent = { tactic = 0, strategy = 0 }
      for i = 1, c.command_counters do
        local pool = game.choose(p, { key = "ti3.spend_command_counter_of", i = i, command_counters = c.command_counters }, pools(p))
        game.add(p, pool, -1)
        spent[pool] = spent[pool] + 1
      end
      game.log({ key = "ti3.spends_command_pool_strategy", p = L.pn(p), tactic = spent.tactic, strategy = spent.strategy })
      return
    end
    if def.cost_mode == "any" then
      local kind = game.choose(p, { key = "ti3.pay", objective = L.name("objectives", def.id) }, affordable_kinds(p, c))
      L.pay(p, c[kind], kind)
      return
    end
    local T, R, I = c.tg or 0, c.resources or 0, c.influence or 0
    local goods, res, inf = split(p, R, I)
    for _, pl in ipairs(res) do game.exhaust(pl, true) end
    for _, pl in ipairs(inf) do game.exhaust(pl, true) end
    game.add(p, "tg", -(T + goods))
    local function planets(list) return #list > 0 and table.concat(list, ",") or "no planets" end
    game.log({ key = goods > 0 and "ti3.pays_objective_more_tg" or "ti3.pays_objective", p = L.pn(p), tg = T, resources = R, res_planets = planets(res), influence = I, inf_planets = planets(inf), more = goods })
  end,
}

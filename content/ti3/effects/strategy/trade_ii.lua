-- Trade II (Shattered Empire; no secondary). The holder gains 3 trade goods
-- or cancels up to two trade agreements (never one with a Hacan player:
-- L.unbreakable, races.lua). Then every player collects from his active
-- agreements, all but the holder one trade good less in total. Then trade
-- negotiations are opened for all; the holder approves new agreements.
local L = game.lib

local function agreements() return game.get("game", nil, "agreements") or {} end

local function cancellable()
  local out = {}
  for i, a in ipairs(agreements()) do
    if not (L.unbreakable and L.unbreakable(a)) then out[#out + 1] = i end
  end
  return out
end

return {
  primary = function(p)
    local opts = { "gain 3 trade goods" }
    if #cancellable() > 0 then opts[#opts + 1] = "cancel agreements" end
    if game.choose(p, "Trade II", opts) == "gain 3 trade goods" then
      L.gain_tg(p, 3, "Trade II")
    else
      for _ = 1, 2 do
        local list = agreements()
        local o = { "done" }
        for _, i in ipairs(cancellable()) do o[#o + 1] = L.pn(list[i].a) .. "-" .. L.pn(list[i].b) end
        if #o == 1 then break end
        local pick = game.choose(p, "cancel a trade agreement", o)
        if pick == "done" then break end
        for k, i in ipairs(cancellable()) do
          if o[k + 1] == pick then
            table.remove(list, i)
            game.put("game", nil, "agreements", list)
            game.log("the trade agreement " .. pick .. " is cancelled")
            break
          end
        end
      end
    end
    for _, q in ipairs(L.order_from(p)) do
      local n = L.trade_income(q)
      if q ~= p then n = n - 1 end
      if n > 0 then L.gain_tg(q, n, "trade agreements") end
    end
    L.negotiate(p)
  end,
}

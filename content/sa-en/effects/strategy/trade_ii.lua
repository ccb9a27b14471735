-- Trade (Shattered Ascension; strategy.yaml says what is the seed's and what
-- is ours). Trade goods are placed on every active trade agreement after the
-- turn in which the card is played (also when no player plays it, under the
-- 5-player rule); they are spent only once collected. Bookkeeping in
-- rules/d_strategy.lua (L.sa_strategy: place_trade_goods, collect, break).
local L = game.lib
local S = L.sa_strategy

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
    if game.choose(p, "Trade", opts) == "gain 3 trade goods" then
      L.gain_tg(p, 3, "Trade")
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
            S.break_agreement(list[i], nil, "cancelled by Trade")
            break
          end
        end
      end
    end
    S.collect(p)
    L.negotiate(p)
  end,

  secondary = function(q) S.collect(q) end,

  -- Marks the turn; the trade goods are placed when it ends.
  played = function() game.put("game", nil, "sa_trade_played", true) end,

  turn_end = function(ctx)
    if not game.get("game", nil, "sa_trade_played") then return end
    game.put("game", nil, "sa_trade_played", nil)
    S.place_trade_goods()
  end,
}

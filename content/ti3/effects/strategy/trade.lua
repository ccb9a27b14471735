-- Trade: (a) three trade goods, collect from trade agreements, and open
-- negotiations for everyone (new agreements need the holder's approval), or
-- (b) break every trade agreement. Secondary: collect from your agreements.
local L = game.lib
return {
  primary = function(p)
    if game.choose(p, { key = "ti3.trade" }, L.trade_choices(p, "trade", { "gain and negotiate", "break all agreements" })) == "break all agreements" then
      L.break_agreements()
      return
    end
    L.gain_tg(p, 3, "Trade")
    L.collect_trade(p)
    L.negotiate(p)
  end,
  secondary = function(q) L.collect_trade(q) end,
}

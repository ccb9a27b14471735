-- Minister of Commerce (law, elect a player).
-- When each status phase starts, every other player holding a trade agreement
-- (one or more) pays the elected player one trade good (taken
-- from that player, as far as he has one: our reading of "from each
-- player"; UNCERTAIN whether they come from the supply instead).
local L = game.lib
return {
  resolve = function() end,
  ["before:status_phase"] = function(ctx, p, def)
    if p ~= nil then return end
    local h = L.law_player(def.id)
    if not h then return end
    local n = 0
    for _, q in ipairs(L.order_from(h)) do
      if q ~= h and #L.trade_partners(q) > 0 and game.counter(q, "tg") > 0 then
        game.add(q, "tg", -1)
        n = n + 1
      end
    end
    if n > 0 then L.gain_tg(h, n, L.name("political_cards", def.id)) end
  end,
}

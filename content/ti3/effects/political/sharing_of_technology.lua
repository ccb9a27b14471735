-- Sharing of Technology (law, For/Against).
-- For: from the speaker clockwise, each player with at least one trade
-- agreement may at once gain one technology that one of his trade partners
-- has and he has not, ignoring prerequisites. The law then stays in play with
-- no further effect.
-- Against: every trade agreement is broken at once.
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "sharing_of_technology") end

return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.break_agreements()
      return
    end
    local list = game.get("game", nil, "agreements") or {}
    for _, p in ipairs(L.order_from(L.speaker())) do
      local partners = {}
      for _, a in ipairs(list) do
        if a.a == p then partners[a.b] = true end
        if a.b == p then partners[a.a] = true end
      end
      local seen, opts = {}, { "none" }
      for _, q in ipairs(game.keys(partners)) do
        for _, t in ipairs(game.holdings(q, "techs")) do
          if not seen[t] and not game.holds(p, "techs", t) then
            seen[t] = true
            opts[#opts + 1] = t
          end
        end
      end
      if #opts > 1 then
        table.sort(opts, function(x, y) return x == "none" or (y ~= "none" and x < y) end)
        local t = game.choose(p, { key = "ti3.gain_technology_trade_partner", card = NAME() }, opts)
        if t ~= "none" then L.gain_tech(p, t) end
      end
    end
  end,
}

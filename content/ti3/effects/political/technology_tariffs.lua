-- Technology Tariffs. For (law): while it is in play, a red technology
-- costs 4 resources more when it is bought (the research_offer window;
-- handlers with p == nil are the law's). Against: nobody may acquire or buy
-- a green technology for the rest of the round (L.bar_technology).
local L = game.lib
return {
  resolve = function(outcome)
    if outcome == "against" then
      L.bar_technology(nil, "green")
      game.log({ key = "ti3.no_colour_technology_this_round", color = "green" })
    end
  end,
  research_offer = function(ctx, p, def)
    if p ~= nil then return end
    ctx.discount = ctx.discount or {}
    ctx.discount.red = (ctx.discount.red or 0) - 4
  end,
}

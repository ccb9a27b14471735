-- Technology Tariffs. For (law): while it is in play, a red technology
-- costs 4 resources more when it is bought (the research_offer window of a
-- purchase, ctx.cost above 0; handlers with p == nil are the law's): one
-- gained for free (the Technology card's primary) is not bought and stays
-- free. Against: nobody may acquire or buy a green technology for the rest
-- of the round (L.bar_technology).
local L = game.lib
return {
  resolve = function(outcome)
    if outcome == "against" then
      L.bar_technology(nil, "green")
      game.log({ key = "ti3.no_colour_technology_this_round", color = "green" })
    end
  end,
  research_offer = function(ctx, p, def)
    if p ~= nil or (ctx.cost or 0) <= 0 then return end
    ctx.discount = ctx.discount or {}
    ctx.discount.red = (ctx.discount.red or 0) - 4
  end,
}

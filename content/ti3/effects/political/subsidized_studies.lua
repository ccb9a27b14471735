-- Subsidized Studies (law, elect a technology colour).
-- The council elects one of the four colours; while the law is in play a
-- technology of that colour costs 3 resources less and one of any other
-- colour 2 more when it is bought (research_offer of a purchase, ctx.cost
-- above 0: one gained free with the Technology card's primary has no cost to
-- change).
local L = game.lib
local COLOURS = { "blue", "green", "red", "yellow" }
return {
  outcomes = function(def, opts) return { "blue", "green", "red", "yellow" } end,
  resolve = function(colour, def)
    game.log({ key = "ti3.colour_subsidized", color = colour, card = L.name("political_cards", def.id) })
  end,
  research_offer = function(ctx, p, def)
    if p ~= nil or (ctx.cost or 0) <= 0 then return end
    local elected = L.law(def.id)
    if not elected then return end
    ctx.discount = ctx.discount or {}
    for _, c in ipairs(COLOURS) do
      ctx.discount[c] = (ctx.discount[c] or 0) + (c == elected and 3 or -2)
    end
  end,
}

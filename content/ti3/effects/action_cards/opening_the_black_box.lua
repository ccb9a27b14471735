-- Opening the Black Box: played just before the player buys a technology
-- (the research_offer window): if it is a red one, each of his planets with
-- a red technology specialty gives a credit of 2. This pack counts no
-- specialty credits in purchases otherwise (UNCERTAIN: TI3 gives 1 per
-- planet; the card's 2 per planet is granted here as a discount of 2 per
-- red-specialty planet on red technologies).
local L = game.lib
local function red_planets(p)
  local n = 0
  for _, pl in ipairs(game.planets_owned(p)) do
    if L.pdef(pl).specialty == "red" then n = n + 1 end
  end
  return n
end
return {
  when = function(ctx, p) return p ~= nil and ctx.player == p and red_planets(p) > 0 end,
  run = function(ctx, p)
    local n = 2 * red_planets(p)
    ctx.discount = ctx.discount or {}
    ctx.discount.red = (ctx.discount.red or 0) + n
    game.log({ key = "ti3.red_technology_cheaper", p = L.pn(p), n = n })
  end,
}

-- Opening the Black Box: played just before the player buys a technology
-- (the research_offer window): if it is a red one, each of his planets with
-- a red technology specialty gives a credit of 2 instead of what it gives
-- now (L.specialty_credit: 1 each, so 1 more each; a variant that counts
-- only ready planets gets 2 more for an exhausted one). The difference is
-- added to the offer's discount on red technologies (and logged: what the
-- card takes off beyond the usual credits).
local L = game.lib
local function more(p)
  local n = 0
  for _, pl in ipairs(game.planets_owned(p)) do
    local c = L.specialty_credit(p, pl, "red")
    if c and c < 2 then n = n + 2 - c end
  end
  return n
end
return {
  when = function(ctx, p) return p ~= nil and ctx.player == p and more(p) > 0 end,
  run = function(ctx, p)
    local n = more(p)
    ctx.discount = ctx.discount or {}
    ctx.discount.red = (ctx.discount.red or 0) + n
    game.log({ key = "ti3.red_technology_cheaper", p = L.pn(p), n = n })
  end,
}

-- Corporate Sponsorship: played as the player is about to buy a technology
-- (the `research_offer` window); a green technology costs him 4 resources
-- fewer in this purchase (never below 0).
local L = game.lib
local function green_within_reach(p)
  for _, t in ipairs(L.researchable(p)) do
    if game.data.techs[t].color == "green" then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and (ctx.cost or 0) > 0
      and not (ctx.discount and ctx.discount.green) and green_within_reach(p)
  end,
  run = function(ctx, p)
    ctx.discount = ctx.discount or {}
    ctx.discount.green = (ctx.discount.green or 0) + 4
    game.log({ key = "ti3.green_technology_cheaper", p = L.pn(p), n = 4 })
  end,
}

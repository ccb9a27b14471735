-- Focused Research: played as the player is about to buy a technology (the
-- `research_offer` window); for 6 resources more he may buy, in this
-- purchase, a technology that lacks one single prerequisite of his
-- (L.one_prerequisite_missing), as if he had it.
local L = game.lib
local EXTRA = 6
local function reachable(ctx, p)
  local have = L.spendable(p, "resources")
  for _, t in ipairs(game.keys(game.data.techs)) do
    if L.one_prerequisite_missing(p, t) and have >= (ctx.cost or 0) + EXTRA then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and not ctx.waive_prerequisite and reachable(ctx, p)
  end,
  run = function(ctx, p)
    ctx.waive_prerequisite = EXTRA
    game.log({ key = "ti3.prerequisite_waived", p = L.pn(p), n = EXTRA })
  end,
}

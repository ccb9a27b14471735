-- Trade Stop: during the strategy phase (played as it begins), every trade
-- agreement in play is broken (but those nobody may break, L.unbreakable:
-- L.break_agreements keeps them). Offered while one can be broken.
local L = game.lib
local function breakable()
  for _, a in ipairs(game.get("game", nil, "agreements") or {}) do
    if not (L.unbreakable and L.unbreakable(a)) then return true end
  end
  return false
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and breakable() end,
  run = function(ctx, p) L.break_agreements() end,
}

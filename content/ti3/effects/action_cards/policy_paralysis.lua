-- Policy Paralysis: right after the primary of a strategy card is resolved
-- (the `strategy_primary_done` window), the player names an opponent, who
-- may not use that card's secondary in this strategic action.
local L = game.lib
local function targets(ctx, p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and q ~= ctx.player and not (ctx.barred and ctx.barred[q]) then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and #targets(ctx, p) > 0 end,
  run = function(ctx, p)
    local q = tonumber(game.choose(p, { key = "ti3.player_barred_from_secondary", card = L.name("strategy_cards", ctx.card) }, targets(ctx, p)):sub(2))
    ctx.barred = ctx.barred or {}
    ctx.barred[q] = true
    game.log({ key = "ti3.barred_from_secondary", p = L.pn(q), card = L.name("strategy_cards", ctx.card) })
  end,
}

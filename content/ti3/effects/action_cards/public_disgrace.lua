-- Public Disgrace: right after another player has chosen a strategy card
-- (the `strategy_card_chosen` window), he must give it back and choose a
-- different one (the strategy phase sends it back on ctx.redo). Not played
-- when no other card is left for him.
local L = game.lib
local function others_left(ctx)
  local q = ctx.player
  return #L.strategy_card_choices(q, L.free_strategy_cards(q, { [ctx.card] = true })) > 0
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player ~= p and not ctx.redo and others_left(ctx)
  end,
  run = function(ctx, p)
    ctx.redo = true
    game.log({ key = "ti3.gives_back_strategy_card", p = L.pn(ctx.player), card = L.name("strategy_cards", ctx.card) })
  end,
}

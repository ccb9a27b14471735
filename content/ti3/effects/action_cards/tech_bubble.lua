-- Tech Bubble: the player who chose the Technology strategy card and has
-- just used its primary ability may spend a command counter from its
-- strategy allocation to use the card's secondary ability as well, paying
-- as usual for the technology. The rules open no window between the primary
-- and the other players' secondaries: the card is played right after them,
-- at the end of that strategic action (the other players' choices are
-- known by then; nothing they do changes what the secondary offers).
local L = game.lib
local function technology(id)
  local d = id and game.data.strategy_cards[id]
  return d ~= nil and (d.name or ""):match("^Technology") ~= nil and type(d.handler) == "table" and d.handler.secondary ~= nil
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.player == p and technology(ctx.card)
      and game.get("game", nil, "sc_owner:" .. ctx.card) == p and game.counter(p, "strategy") > 0
  end,
  run = function(ctx, p)
    local d = game.data.strategy_cards[ctx.card]
    game.add(p, "strategy", -1)
    game.log({ key = "ti3.uses_secondary", p = L.pn(p), card = L.name("strategy_cards", ctx.card) })
    d.handler.secondary(p, d, ctx)
  end,
}

-- Hacan, Masters of Trade: resolving the Trade card's secondary costs the
-- player no command token.
-- Representation: when another player resolves Trade, the player gets one
-- strategy-pool token for the duration of that strategic action; if the
-- secondary was not used the token is taken back afterwards. Net effect:
-- the player may resolve the secondary (even with an empty strategy pool)
-- and pays nothing for it. Nothing in the Trade primary reads strategy pools.
return {
  ["before:strategic_action"] = function(ctx, p)
    if ctx.card ~= "trade" or ctx.player == p then return end
    ctx.masters_of_trade = ctx.masters_of_trade or {}
    ctx.masters_of_trade[p] = game.counter(p, "strategy")
    game.add(p, "strategy", 1)
  end,
  ["after:strategic_action"] = function(ctx, p)
    local before = ctx.masters_of_trade and ctx.masters_of_trade[p]
    if not before then return end
    ctx.masters_of_trade[p] = nil
    if game.counter(p, "strategy") > before then game.add(p, "strategy", -1) end
  end,
}

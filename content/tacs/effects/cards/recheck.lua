-- Recheck (TACS): right after an accuracy roll in a space battle (or a ground
-- force's die in an invasion combat, window tacs_ground_rolled) the player
-- takes part in, that die is rolled again: an opponent's hit on one of his
-- ships, or a miss of one of his own.
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    if ctx.reroll then return false end
    if ctx.target == p and ctx.player ~= p then return ctx.roll >= ctx.need end
    if ctx.player == p then return ctx.roll < ctx.need end
    return false
  end,
  run = function(ctx, p) ctx.reroll = true end,
}

-- Faulty Targeting Systems: an opponent's PDS rolls one die again (played
-- when that die hit one of the player's ships in the zone battle, or one of
-- his ground forces landing).
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and ctx.pds and ctx.target == p and ctx.player ~= p and ctx.roll >= ctx.need and not ctx.reroll end,
  run = function(ctx, p) ctx.reroll = true end,
}

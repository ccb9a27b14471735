-- Morale Boost: +1 on all of the player's combat rolls for the space battle
-- or invasion combat round that is starting.
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.mods ~= nil and ctx.mods[p] ~= nil
  end,
  run = function(ctx, p) ctx.mods[p].all = (ctx.mods[p].all or 0) + 1 end,
}

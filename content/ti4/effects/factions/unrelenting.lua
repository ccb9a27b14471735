-- Sardakk N'orr, Unrelenting: +1 to every combat roll of the player's units
-- (space and ground combat rolls; not space cannon, bombardment or
-- anti-fighter barrage, which are not combat rolls).
return {
  when = function(ctx, p) return ctx.mods ~= nil and ctx.mods[p] ~= nil end,
  run = function(ctx, p) ctx.mods[p].all = (ctx.mods[p].all or 0) + 1 end,
}

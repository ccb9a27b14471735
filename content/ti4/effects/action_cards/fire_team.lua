-- Fire Team: after the player's ground forces roll in a round of ground
-- combat, the dice that missed are rolled again.
local L = game.lib
local function misses(ctx)
  local n = 0
  for _, g in ipairs(ctx.groups or {}) do
    for _, r in ipairs(g.rolls) do if r < g.target then n = n + 1 end end
  end
  return n
end
return {
  when = function(ctx, p) return ctx.player == p and ctx.ground and misses(ctx) > 0 end,
  run = function(ctx, p)
    for _, g in ipairs(ctx.groups) do
      local m = 0
      for _, r in ipairs(g.rolls) do if r < g.target then m = m + 1 end end
      if m > 0 then
        ctx.hits = ctx.hits + game.roll({ key = "ti4.reroll_misses", p = L.pn(p), unit = g.kind }, m, g.target)
      end
    end
  end,
}

-- Fire Team: after the player's ground forces roll in a round of ground
-- combat, the dice that missed are rolled again. A rerolled die shows its
-- new result (LRR 74.1): the group's rolls are updated, so that an effect
-- rerolling after it (The Crown of Thalnos) sees the dice as they are now.
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
      local idx = {}
      for i, r in ipairs(g.rolls) do if r < g.target then idx[#idx + 1] = i end end
      if #idx > 0 then
        local hits, rolls = game.roll({ key = "ti4.reroll_misses", p = L.pn(p), unit = g.kind }, #idx, g.target)
        for k, i in ipairs(idx) do g.rolls[i] = rolls[k] end
        g.hits = (g.hits or 0) + hits
        ctx.hits = ctx.hits + hits
      end
    end
  end,
}

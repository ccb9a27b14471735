-- Spec Ops Training: in invasion combat, each of the player's dice showing a
-- 1 may be rolled again; the new result stands. Only misses are rerolled (a
-- reroll of a miss can only help), so it is done without asking.
local L = game.lib
return {
  when = function(ctx, p) return ctx.ground and ctx.player == p end,
  run = function(ctx, p, def)
    for _, g in ipairs(ctx.groups or {}) do
      for i, r in ipairs(g.rolls or {}) do
        if r == 1 and r < g.target then
          local hits, rolls = game.roll({ key = "ti3.rerolls_a_1", p = L.pn(p), tech = L.name("racial_techs", def.id) }, 1, g.target)
          g.rolls[i] = rolls[1]
          if hits > 0 then
            g.hits = (g.hits or 0) + 1
            ctx.hits = ctx.hits + 1
          end
        end
      end
    end
  end,
}

-- Universities of Jol-Nar, faction-wide effects. Flagship J.N.S. Hylarim:
-- each of its combat dice showing 9 or 10 before modifiers scores 2 more
-- hits. Read from the unit field `bonus_hits` ({natural, extra}) of every
-- group of the player's combat roll, after the dice (window combat_rolled;
-- the rolls there are the natural results).
local L = game.lib

return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p)
    for _, g in ipairs(ctx.groups or {}) do
      local b, src = L.flagship_field(p, g.kind, "bonus_hits")
      if b then
        local n = 0
        for _, r in ipairs(g.rolls or {}) do
          if r >= b.natural then n = n + 1 end
        end
        if n > 0 then
          local extra = n * b.extra
          g.hits = (g.hits or 0) + extra
          ctx.hits = (ctx.hits or 0) + extra
          game.log({ key = extra == 1 and "ti4.scores_more_hit" or "ti4.scores_more_hits", p = L.pn(p), unit = g.kind, n = extra,
            card = L.name("units", src) })
        end
      end
    end
  end,
}

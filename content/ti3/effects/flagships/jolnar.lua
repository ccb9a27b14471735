-- Jol-Nar flagship: in a space battle each natural 10 it rolls scores
-- `ten_hits` hits instead of one.
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p and not ctx.ground and L.flagships.on() end,
  run = function(ctx, p)
    for _, g in ipairs(ctx.groups or {}) do
      local d = L.def(p, g.kind)
      if d.ten_hits and d.ten_hits > 1 then
        local tens = 0
        for _, r in ipairs(g.rolls or {}) do if r == 10 then tens = tens + 1 end end
        if tens > 0 then
          local extra = tens * (d.ten_hits - 1)
          g.hits = (g.hits or 0) + extra
          ctx.hits = (ctx.hits or 0) + extra
          game.log({ key = "ti3.jolnar_tens", p = L.pn(p), flagship = L.flagships.name(p), tens = tens, s = (tens == 1 and "" or "s"), extra = extra, s2 = (extra == 1 and "" or "s") })
        end
      end
    end
  end,
}

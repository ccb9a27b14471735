-- Hacan flagship: while it is in a space battle, after each of its owner's
-- combat rolls he may reroll up to `per_round` of his missed dice, paying
-- `tg` trade goods for each. The new result stands.
local L = game.lib
return {
  when = function(ctx, p)
    return ctx.player == p and not ctx.ground and L.flagships.has(p, ctx.system, "paid_rerolls") ~= nil
  end,
  run = function(ctx, p)
    local rr = L.flagships.has(p, ctx.system, "paid_rerolls").def.paid_rerolls
    local name = L.flagships.name(p)
    for _ = 1, rr.per_round or 2 do
      if game.counter(p, "tg") < (rr.tg or 1) then return end
      local opts, map = { "none" }, {}
      for gi, g in ipairs(ctx.groups or {}) do
        for i, r in ipairs(g.rolls or {}) do
          if r < g.target then
            local o = g.kind .. " die " .. gi .. "." .. i .. " (" .. r .. ")"
            opts[#opts + 1] = o
            map[o] = { g = g, i = i }
          end
        end
      end
      if #opts == 1 then return end
      local pick = game.choose(p, { key = "ti3.pay_trade_good_reroll", name = name, tg = (rr.tg or 1) }, opts)
      if pick == "none" then return end
      local m = map[pick]
      game.add(p, "tg", -(rr.tg or 1))
      local hits, rolls = game.roll({ key = "ti3.rerolls_for_tg", p = L.pn(p), unit = m.g.kind, tg = (rr.tg or 1), name = name }, 1, m.g.target)
      m.g.rolls[m.i] = rolls and rolls[1] or m.g.rolls[m.i]
      if hits > 0 then
        m.g.hits = (m.g.hits or 0) + 1
        ctx.hits = (ctx.hits or 0) + 1
      end
    end
  end,
}

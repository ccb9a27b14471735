-- Jol-Nar: pay one counter from strategy allocation to roll one of your dice
-- again (one counter per die; the new result stands). Offered after the
-- player's space battle and invasion combat rolls (combat_rolled) and after
-- his space cannon, bombardment and anti-fighter barrage dice (dice_rolled,
-- races.lua), for the dice that missed.
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p and game.counter(p, "strategy") > 0 end,
  run = function(ctx, p, def)
    while game.counter(p, "strategy") > 0 do
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
      local pick = game.choose(p, { key = "ti3.pay_strategy_counter_reroll", ability = L.name("race_abilities", def.id) }, opts)
      if pick == "none" then return end
      local m = map[pick]
      game.add(p, "strategy", -1)
      local hits, rolls = game.roll({ key = "ti3.rerolls_unit", p = L.pn(p), unit = m.g.kind, ability = L.name("race_abilities", def.id) }, 1, m.g.target)
      m.g.rolls[m.i] = rolls[1]
      if hits > 0 then
        m.g.hits = (m.g.hits or 0) + 1
        ctx.hits = ctx.hits + 1
      end
    end
  end,
}

-- Integrated Economy in TACS (the part that is a choice): at any time (here:
-- at the start of each of his turns) the owner may rearrange the command
-- counters on his race sheet, one at a time, between command pool, fleet
-- supply and strategy allocation. (Its other part, producing without a space
-- dock, is L.production in rules/g_techs.lua.)
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p, def)
    for _ = 1, 48 do
      local opts = { "done" }
      for _, a in ipairs(L.POOLS) do
        if game.counter(p, a) > 0 then
          for _, b in ipairs(L.POOLS) do
            if a ~= b then opts[#opts + 1] = a .. ">" .. b end
          end
        end
      end
      local pick = game.choose(p, { key = "tacs.rearrange_counters" }, opts)
      if pick == "done" then return end
      local a, b = pick:match("^(%a+)>(%a+)$")
      game.add(p, a, -1)
      game.add(p, b, 1)
      game.log({ key = "tacs.moves_counter", p = L.pn(p), from = a, to = b })
    end
  end,
}

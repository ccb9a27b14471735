-- Mentak, Ambush: as a space combat opens, the holder may pick as many as 2
-- of their cruisers or destroyers in the system and roll a die for each; a
-- result reaching that ship's combat value scores a hit that the opponent
-- places on one of their ships. The holder picks the ships one by one ("done" stops).
local L = game.lib

return {
  when = function(ctx, p)
    return (ctx.player == p or ctx.defender == p) and ctx.defender ~= nil and ctx.system ~= nil
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local q = (ctx.player == p) and ctx.defender or ctx.player
    local ability = L.name("abilities", def.id)
    local left = {}
    for _, u in ipairs(L.ships(p, s)) do
      local t = L.def(p, u.kind).type
      if t == "cruiser" or t == "destroyer" then left[#left + 1] = u end
    end
    if #left == 0 or #L.ships(q, s) == 0 then return end
    local hits = 0
    for i = 1, 2 do
      if #left == 0 then break end
      local opts = { "done" }
      for _, u in ipairs(left) do opts[#opts + 1] = u.kind .. "#" .. u.id end
      local pick = game.choose(p, { key = "ti4.ambush_pick", ability = ability, n = i }, opts)
      if pick == "done" then break end
      local id = tonumber(pick:match("#(%d+)$"))
      for j, u in ipairs(left) do
        if u.id == id then
          table.remove(left, j)
          hits = hits + game.roll({ key = "ti4.ability_roll", p = L.pn(p), ability = ability, unit = u.kind }, 1, L.def(p, u.kind).combat)
          break
        end
      end
    end
    L.assign_hits(q, L.ships(q, s), hits, "ambush", { source = p })
  end,
}

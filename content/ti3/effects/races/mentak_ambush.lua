-- Mentak: before a space battle the player takes part in, up to two of its
-- cruisers and/or destroyers there fire once each (at their combat value);
-- the opponent removes the losses at once and does not fire back.
local L = game.lib

local function sides(ctx)
  local a = ctx.player
  return a, ctx.defender or L.enemies_in(a, ctx.system)[1]
end

return {
  when = function(ctx, p)
    local a, d = sides(ctx)
    return d ~= nil and (p == a or p == d)
  end,
  run = function(ctx, p, def)
    local a, d = sides(ctx)
    local opp = (p == a) and d or a
    local s = ctx.system
    if #L.ships(opp, s) == 0 then return end
    local cands = {}
    for _, u in ipairs(L.ships(p, s)) do
      local t = L.def(p, u.kind).type
      if t == "cruiser" or t == "destroyer" then cands[#cands + 1] = u end
    end
    if #cands == 0 then return end
    local chosen, used = {}, {}
    for _ = 1, 2 do
      local opts = { "done" }
      for _, u in ipairs(cands) do
        if not used[u.id] then opts[#opts + 1] = u.kind .. "#" .. u.id end
      end
      if #opts == 1 then break end
      local pick = game.choose(p, { key = "ti3.fire_with", ability = L.name("race_abilities", def.id) }, opts)
      if pick == "done" then break end
      local id = tonumber(pick:match("#(%d+)$"))
      used[id] = true
      for _, u in ipairs(cands) do if u.id == id then chosen[#chosen + 1] = u end end
    end
    if #chosen == 0 then return end
    game.log({ key = "ti3.uses", p = L.pn(p), ability = L.name("race_abilities", def.id) })
    local hits = 0
    for _, u in ipairs(chosen) do
      local dd = L.def(p, u.kind)
      hits = hits + game.roll({ key = "ti3.ambush_roll", p = L.pn(p), unit = u.kind, id = u.id }, dd.dice or 1, dd.combat)
    end
    L.assign_hits(opp, L.ships(opp, s), hits, "ambush", { source = p })
  end,
}

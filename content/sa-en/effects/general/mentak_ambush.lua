-- Mentak's Ambush in Shattered Ascension: a pre-combat effect, so it fires
-- in window sa_pre_combat, after the anti-fighter barrages and together with
-- the other side's pre-combat effects (rules/b_general.lua, general rule 2):
-- up to two of the Mentak's cruisers and destroyers in the battle fire once
-- each at their combat value; the hits are assigned once every pre-combat
-- effect has fired.
local L = game.lib

return {
  when = function(ctx, p)
    return p == ctx.attacker or p == ctx.defender
  end,
  run = function(ctx, p, def)
    local opp = (p == ctx.attacker) and ctx.defender or ctx.attacker
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
    L.sa_pre_combat_hit(ctx, opp, hits)
  end,
}

-- Yin: right before the second round of a space battle, the player may
-- sacrifice one of its destroyers or cruisers in the battle to inflict one
-- hit on an enemy ship it picks (the owner may use sustain damage).
local L = game.lib
return {
  when = function(ctx, p)
    return not ctx.ground and ctx.round == 2 and (p == ctx.attacker or p == ctx.defender)
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local opp = (p == ctx.attacker) and ctx.defender or ctx.attacker
    local mine = { "none" }
    for _, u in ipairs(L.ships(p, s)) do
      local t = L.def(p, u.kind).type
      if t == "destroyer" or t == "cruiser" then mine[#mine + 1] = u.kind .. "#" .. u.id end
    end
    local theirs = L.ships(opp, s)
    if #mine == 1 or #theirs == 0 then return end
    local name = L.name("race_abilities", def.id)
    local pick = game.choose(p, { key = "ti3.sacrifice_ship", name = name }, mine)
    if pick == "none" then return end
    local opts = {}
    for _, u in ipairs(theirs) do opts[#opts + 1] = u.kind .. "#" .. u.id end
    local tpick = game.choose(p, { key = "ti3.hit_which_enemy_ship", name = name }, opts)
    game.remove_unit(tonumber(pick:match("#(%d+)$")))
    game.log({ key = "ti3.sacrifices", p = L.pn(p), pick = pick, name = name })
    local tid = tonumber(tpick:match("#(%d+)$"))
    local target = {}
    for _, u in ipairs(theirs) do if u.id == tid then target[1] = u end end
    L.assign_hits(opp, target, 1, "devotion", { source = p })
  end,
}

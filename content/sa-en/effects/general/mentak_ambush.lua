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
    local hits = L.ambush_fire(p, opp, ctx.system, def)
    if not hits then return end
    L.sa_pre_combat_hit(ctx, opp, hits)
  end,
}

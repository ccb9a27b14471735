-- Magen Defense Grid (original base-game card): when a ground combat round
-- begins on a planet where the player has a unit with PLANETARY SHIELD, the
-- player may exhaust this, and the opponent rolls no combat dice in that
-- round. Units that lost PLANETARY SHIELD (an opponent's war sun or
-- Letnev flagship in the system: `removes_planetary_shield`, via L.shielded)
-- do not count (LRR 65.3a).
-- Representation: the opponent's combat rolls that round get -20, so no die
-- can hit (the dice are still rolled and logged). Nothing in the pack reacts
-- to the rolls themselves, so the outcome is the same as not rolling; the
-- rules have no hook to skip one side's combat rolls (see the report).
local L = game.lib
local USED = "used:magen_defense_grid"

local function opponent(ctx, p)
  if p == ctx.attacker then return ctx.defender elseif p == ctx.defender then return ctx.attacker end
end

return {
  when = function(ctx, p)
    if not ctx.ground or not ctx.mods or game.get("player", p, USED) then return false end
    local opp = opponent(ctx, p)
    if not opp then return false end
    local shield = false
    for _, u in ipairs(game.units { planet = ctx.planet, owner = p }) do
      if L.def(p, u.kind).planetary_shield then shield = true end
    end
    return shield and L.shielded(ctx.planet, opp)
  end,

  run = function(ctx, p, def)
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.magen_offer", card = name, planet = L.name("planets", ctx.planet) }, { "no", "yes" }) ~= "yes" then return end
    local opp = opponent(ctx, p)
    game.put("player", p, USED, true)
    ctx.mods[opp] = ctx.mods[opp] or {}
    ctx.mods[opp].all = (ctx.mods[opp].all or 0) - 20
    game.log({ key = "ti4.magen_used", p = L.pn(p), card = name, q = L.pn(opp) })
  end,
}

-- Valkyrie Particle Weave (Sardakk): in a round of ground combat, once both
-- sides have rolled, if the opponent scored at least one hit the player
-- scores one more. Both rolls are watched (window combat_rolled): when the
-- player rolls second, the extra hit joins its roll's hits; when it rolled
-- first (its hits already counted), the extra hit is assigned to the
-- opponent's ground forces on the planet as soon as the opponent's roll is
-- known, before the round's other hits (hits of one round are simultaneous,
-- so the order changes nothing).
-- State of the round: player props vpw_planet, vpw_mine (rolled), vpw_opp.
local L = game.lib

return {
  combat_round_start = function(ctx, p)
    if not ctx.ground or (ctx.attacker ~= p and ctx.defender ~= p) then
      game.put("player", p, "vpw_planet", nil)
      return
    end
    game.put("player", p, "vpw_planet", ctx.planet)
    game.put("player", p, "vpw_opp", (ctx.attacker == p) and ctx.defender or ctx.attacker)
    game.put("player", p, "vpw_mine", nil)
    game.put("player", p, "vpw_theirs", nil)
  end,
  combat_rolled = function(ctx, p, def)
    if not ctx.ground or ctx.planet == nil or game.get("player", p, "vpw_planet") ~= ctx.planet then return end
    local q = game.get("player", p, "vpw_opp")
    local name = L.name("techs", def.id)
    if ctx.player == p then
      game.put("player", p, "vpw_mine", true)
      local theirs = game.get("player", p, "vpw_theirs")
      if theirs and theirs > 0 then
        ctx.hits = (ctx.hits or 0) + 1
        game.log({ key = "ti4.vpw_extra_hit", p = L.pn(p), card = name })
      end
    elseif ctx.player == q then
      game.put("player", p, "vpw_theirs", ctx.hits or 0)
      if game.get("player", p, "vpw_mine") and (ctx.hits or 0) > 0 then
        game.log({ key = "ti4.vpw_extra_hit", p = L.pn(p), card = name })
        L.assign_hits(q, L.ground(q, ctx.planet), 1, "ground combat", { source = p })
      end
    end
  end,
}

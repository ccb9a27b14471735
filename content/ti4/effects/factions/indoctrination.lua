-- Yin Brotherhood, Indoctrination: as a ground combat starts (before its
-- first round), the player may spend 2 influence to swap one of the
-- opponent's infantry on that planet for one infantry from the player's
-- reinforcements (the opponent's infantry goes back to its reinforcements;
-- it is not destroyed).
local L = game.lib

local function infantry(q, pl)
  local out = {}
  for _, u in ipairs(L.ground(q, pl)) do
    if L.def(q, u.kind).type == "infantry" then out[#out + 1] = u end
  end
  return out
end

return {
  when = function(ctx, p) return ctx.planet ~= nil and L.spendable(p, "influence") >= 2 end,
  run = function(ctx, p, def)
    local pl = ctx.planet
    if #L.ground(p, pl) == 0 then return end
    local q
    if ctx.player == p then
      for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
        if L.def(u.owner, u.kind).class == "ground" then q = u.owner end
      end
    else
      q = ctx.player
      if #L.ground(q, pl) == 0 then return end
    end
    if not q then return end
    local inf = infantry(q, pl)
    if #inf == 0 then return end
    local name = L.name("abilities", def.id)
    if game.choose(p, { key = "ti4.indoctrination_offer", ability = name, q = L.pn(q), planet = L.name("planets", pl) }, { "yes", "no" }) ~= "yes" then return end
    L.pay(p, 2, "influence")
    local u = inf[1]
    game.remove_unit(u.id)
    game.spawn("infantry", p, { planet = pl })
    game.log({ key = "ti4.indoctrinates", p = L.pn(p), q = L.pn(q), unit = u.kind .. "#" .. u.id, planet = L.name("planets", pl), ability = name })
  end,
}

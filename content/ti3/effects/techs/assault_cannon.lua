-- Assault Cannon: before a space battle begins, each of the player's
-- dreadnoughts in it fires one shot at its combat value; the opponent takes
-- the losses at once and they do not fire back.
local L = game.lib

local function sides(ctx)
  local a = ctx.player
  return a, ctx.defender or L.enemies_in(a, ctx.system)[1]
end

local function dreadnoughts(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "dreadnought" then out[#out + 1] = u end
  end
  return out
end

return {
  when = function(ctx, p)
    local a, d = sides(ctx)
    if not d or (p ~= a and p ~= d) then return false end
    local opp = (p == a) and d or a
    return #dreadnoughts(p, ctx.system) > 0 and #L.ships(opp, ctx.system) > 0
  end,
  run = function(ctx, p, def)
    local a, d = sides(ctx)
    local opp = (p == a) and d or a
    local list = dreadnoughts(p, ctx.system)
    local dd = L.def(p, list[1].kind)
    game.log({ key = "ti3.fires", p = L.pn(p), tech = L.name("techs", def.id) })
    local hits = game.roll({ key = "ti3.assault_cannon_roll", p = L.pn(p), unit = list[1].kind }, #list, dd.combat)
    L.assign_hits(opp, L.ships(opp, ctx.system), hits, "assault cannon", { source = p })
  end,
}

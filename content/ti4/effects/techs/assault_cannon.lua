-- Assault Cannon: when a space combat starts in a system where the player has
-- 3 or more non-fighter ships, the opponent destroys one of their own
-- non-fighter ships (their choice). Resolved before the combat's first step
-- (anti-fighter barrage), attacker first.
local L = game.lib

local function nonfighters(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type ~= "fighter" then out[#out + 1] = u end
  end
  return out
end

local function sides(ctx)
  local a, s = ctx.player, ctx.system
  return a, ctx.defender or L.enemies_in(a, s)[1]
end

return {
  when = function(ctx, p)
    local a, d = sides(ctx)
    if not d or (p ~= a and p ~= d) then return false end
    local opp = (p == a) and d or a
    return #nonfighters(p, ctx.system) >= 3 and #nonfighters(opp, ctx.system) > 0
  end,

  run = function(ctx, p, def)
    local a, d = sides(ctx)
    local opp = (p == a) and d or a
    local opts = {}
    for _, u in ipairs(nonfighters(opp, ctx.system)) do opts[#opts + 1] = "destroy:" .. u.kind .. "#" .. u.id end
    game.log({ key = "ti4.uses_card", p = L.pn(p), card = L.name("techs", def.id) })
    local pick = game.choose(opp, { key = "ti4.assault_cannon_pick", card = L.name("techs", def.id) }, opts)
    local kind, id = pick:match("^destroy:([%w_]+)#(%d+)$")
    id = tonumber(id)
    L.destroy_unit({ id = id, kind = kind, owner = opp },
      { source = p, label = "assault cannon", active = game.get("game", nil, "active") },
      { key = "ti4.unit_destroyed", p = L.pn(opp), unit = kind .. "#" .. id, id = id })
  end,
}

-- Exotrireme II (Sardakk): after a round of space combat, the player may
-- destroy one of its Exotrireme II in the combat's system to destroy up to 2
-- of the opponent's ships there, picked one at a time.
local L = game.lib
local UNIT = "exotrireme_2"

return {
  when = function(ctx, p)
    return not ctx.ground and ctx.system ~= nil and (ctx.attacker == p or ctx.defender == p)
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local q = (ctx.attacker == p) and ctx.defender or ctx.attacker
    local mine = {}
    for _, u in ipairs(L.ships(p, s)) do
      if L.def(p, u.kind).id == UNIT then mine[#mine + 1] = u end
    end
    if #mine == 0 or #L.ships(q, s) == 0 then return end
    local name = L.name("techs", def.id)
    if not L.offer_sacrifice(p, mine, { key = "ti4.exotrireme_offer", card = name }, { label = name, active = ctx.active, system = s }) then return end
    for _ = 1, 2 do
      local theirs = L.ships(q, s)
      if #theirs == 0 then break end
      local topts = { "done" }
      for _, u in ipairs(theirs) do topts[#topts + 1] = u.kind .. "#" .. u.id end
      local t = game.choose(p, { key = "ti4.exotrireme_target", card = name, q = L.pn(q) }, topts)
      if t == "done" then break end
      local tid = tonumber(t:match("#(%d+)$"))
      for _, u in ipairs(theirs) do
        if u.id == tid then L.destroy_unit(u, { source = p, label = name, active = ctx.active, system = s }) end
      end
    end
  end,
}

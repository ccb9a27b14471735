-- Impulse Core (Yin): as a space combat starts, the player may destroy one
-- of its cruisers or destroyers in the active system to make 1 hit on the
-- opponent's ships there; the opponent must put it on a non-fighter ship if
-- it has one.
local L = game.lib

return {
  when = function(ctx, p) return ctx.system ~= nil and (ctx.player == p or ctx.defender == p) end,
  run = function(ctx, p, def)
    local s = ctx.system
    local q = (ctx.player == p) and (ctx.defender or L.enemies_in(p, s)[1]) or ctx.player
    if not q then return end
    local mine = {}
    for _, u in ipairs(L.ships(p, s)) do
      local t = L.def(p, u.kind).type
      if t == "cruiser" or t == "destroyer" then mine[#mine + 1] = u end
    end
    if #mine == 0 or #L.ships(q, s) == 0 then return end
    local name = L.name("techs", def.id)
    if not L.offer_sacrifice(p, mine, { key = "ti4.impulse_core_offer", card = name }, { label = name, active = ctx.active, system = s }) then return end
    L.assign_hits(q, L.ships(q, s), 1, name, { source = p, prefer_non_fighters = true })
  end,
}

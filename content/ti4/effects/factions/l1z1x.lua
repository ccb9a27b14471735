-- L1Z1X Mindnet, faction-wide effects. Flagship [0.0.1]: in a space combat,
-- the hits of this ship and of the player's dreadnoughts in its system must
-- go to non-fighter ships if able.
-- After each of the player's space combat rolls (window combat_rolled) the
-- hits of those units are counted while the flagship is in the combat's
-- system; rules/faction_rules.lua binds that many of the hits at the next
-- assignment of the player's space combat hits, one hit at a time, leaving
-- the others (fighters, carriers... in the same roll) free.
local L = game.lib
local BOUND = "hits_to_non_fighters"
local FLAGSHIP = "l1z1x_flagship"

return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p)
    game.put("player", p, BOUND, nil)
    if ctx.ground or not ctx.system then return end
    local here = false
    for _, u in ipairs(L.ships(p, ctx.system)) do
      if L.has_flagship_ability(p, u, FLAGSHIP) then here = true end
    end
    if not here then return end
    local n = 0
    for _, g in ipairs(ctx.groups or {}) do
      local d = L.def(p, g.kind)
      if L.has_flagship_ability(p, g.kind, FLAGSHIP) or d.type == "dreadnought" then n = n + (g.hits or 0) end
    end
    if n > 0 then
      game.put("player", p, BOUND, n)
      game.log({ key = n == 1 and "ti4.bound_hit" or "ti4.bound_hits", p = L.pn(p), n = n, card = L.name("units", FLAGSHIP) })
    end
  end,
}

-- Bunker: as an invasion of a system where the player holds a planet
-- starts, bombardment against their planets rolls 4 worse during it
-- ("bunker:pN", read by L.bombard_roll in rules/cards_rules.lua).
local L = game.lib
local function holds_planet(p, s)
  for _, pl in ipairs(game.planets_of(s)) do if L.is_ability_planet(p, pl) then return true end end
  return false
end
return {
  when = function(ctx, p) return L.counts_as_other(p, ctx.player) and ctx.system ~= nil and holds_planet(p, ctx.system) end,
  run = function(ctx, p)
    game.put("game", nil, "bunker:" .. p, true)
    game.log({ key = "ti4.bunker", p = L.pn(p) })
  end,
}

-- Infiltrate: on gaining a planet from another player, their PDS and space
-- docks there become the player's own, from reinforcements
-- ("infiltrate:<planet>", kept by establish_control in rules/cards_rules.lua).
local L = game.lib
local function kinds(ctx)
  local k = game.get("game", nil, "infiltrate:" .. ctx.planet)
  local out = {}
  for t in (k or ""):gmatch("[%w_]+") do out[#out + 1] = t end
  return out
end
return {
  when = function(ctx, p) return ctx.player == p and #kinds(ctx) > 0 end,
  run = function(ctx, p)
    for _, t in ipairs(kinds(ctx)) do
      -- (none left in reinforcements: one may come back from the board, LRR 23.4a)
      if L.can_place_unit(p, t) and L.place_unit(p, t, { planet = ctx.planet }) then
        game.log({ key = "ti4.places_unit_on", p = L.pn(p), unit = t, planet = L.name("planets", ctx.planet) })
        game.window("structure_placed", { player = p, kind = t, planet = ctx.planet, system = game.planet_system(ctx.planet) })
      end
    end
  end,
}

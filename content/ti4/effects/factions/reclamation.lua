-- Winnu, Reclamation: once a tactical action in which the player took
-- control of Mecatol Rex (the custodians' planet) is over, the player may
-- put 1 PDS and 1 space dock from reinforcements on it (each only if one is
-- left in reinforcements and the player still controls the planet).
local L = game.lib

local function mecatol(pl) return pl and L.pdef(pl) and L.pdef(pl).custodians end

-- (none left in reinforcements: one may come back from the board, LRR 23.4a)
local function left(p, kind) return L.can_place_unit(p, kind) end

return {
  ["before:tactical_action"] = function(ctx, p)
    if ctx.player == p then game.put("player", p, "reclaim", nil) end
  end,
  planet_gained = function(ctx, p)
    if ctx.player == p and game.get("game", nil, "active") == p and mecatol(ctx.planet) then
      game.put("player", p, "reclaim", ctx.planet)
    end
  end,
  ["after:tactical_action"] = function(ctx, p, def)
    if ctx.player ~= p then return end
    local pl = game.get("player", p, "reclaim")
    game.put("player", p, "reclaim", nil)
    if not pl or game.planet_owner(pl) ~= p then return end
    local name = L.name("abilities", def.id)
    for _, kind in ipairs({ "pds", "space_dock" }) do
      if left(p, kind) and game.choose(p, { key = "ti4.reclamation_offer", ability = name, unit = kind, planet = L.name("planets", pl) }, { "yes", "no" }) == "yes" then
        if L.place_unit(p, kind, { planet = pl }) then
          game.log({ key = "ti4.puts_unit_on_planet", p = L.pn(p), unit = kind, planet = L.name("planets", pl), card = name })
        end
      end
    end
  end,
}

-- Holy Planet of Ixth (law, elect a planet).
-- The elected planet (not a planet of a home system: those are left out of
-- the vote) can never again have units produced on it: its producing units
-- count for nothing (planet prop no_production, read by
-- L.production_per_unit). The law's repeal lifts it.
local L = game.lib
local function home_planet(pl)
  for p = 1, game.num_players() do
    if game.planet_system(pl) == L.home(p) then return true end
  end
  return false
end
return {
  outcomes = function(def, opts)
    local out = {}
    for _, pl in ipairs(opts) do if not home_planet(pl) then out[#out + 1] = pl end end
    return out
  end,
  resolve = function(pl, def)
    if not game.data.planets[pl] then return end
    game.put("planet", pl, "no_production", true)
    game.log({ key = "ti3.no_production_on", planet = L.name("planets", pl), card = L.name("political_cards", def.id) })
  end,
  repeal = function(def)
    local pl = L.law(def.id)
    if pl and game.data.planets[pl] then game.put("planet", pl, "no_production", nil) end
  end,
}

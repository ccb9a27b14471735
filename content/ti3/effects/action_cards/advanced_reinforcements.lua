-- Advanced Reinforcements (as an action): two ground forces, or one shock
-- troop (while any of the 12 shared shock troop tokens is left), on one
-- planet the player controls. Shock troops are offered only when they are
-- in the game (L.shock_troops_in_game: Shattered Empire's Shock Troops
-- option; our reading, as for Hope's End Training Ground: without the
-- option there are no shock troops to place).
local L = game.lib
local function shock_left()
  local d = game.data.units.shock_troop
  if not d or not L.shock_troops_in_game() then return false end
  local lim = d.shared_limit or d.limit
  return not lim or game.count_units { kind = "shock_troop" } < lim
end
return {
  usable = function(p) return #game.planets_owned(p) > 0 end,
  component = function(p)
    local opts = game.planets_owned(p)
    table.sort(opts)
    local pl = game.choose(p, { key = "ti3.planet_reinforced" }, opts)
    local what = { "2 ground forces" }
    if shock_left() then what[#what + 1] = "1 shock troop" end
    if game.choose(p, { key = "ti3.reinforcements" }, what) == "1 shock troop" then
      game.spawn("shock_troop", p, { planet = pl })
      game.log({ key = "ti3.places_shock_troop", p = L.pn(p), planet = L.name("planets", pl) })
    else
      for _ = 1, 2 do game.spawn("ground_force", p, { planet = pl }) end
      game.log({ key = "ti3.places_2_ground_forces", p = L.pn(p), planet = L.name("planets", pl) })
    end
  end,
}

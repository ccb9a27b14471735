-- Rise of a Messiah (as an action): one ground force on each planet the
-- player controls.
local L = game.lib
return {
  usable = function(p) return #game.planets_owned(p) > 0 end,
  component = function(p)
    local list = game.planets_owned(p)
    table.sort(list)
    for _, pl in ipairs(list) do game.spawn("ground_force", p, { planet = pl }) end
    game.log({ key = #list == 1 and "ti3.places_ground_force_on_each_one" or "ti3.places_ground_force_on_each_many", p = L.pn(p), n = #list })
  end,
}

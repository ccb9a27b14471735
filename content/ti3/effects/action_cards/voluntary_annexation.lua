-- Voluntary Annexation (as an action): a neutral planet (no owner, no units)
-- in a system adjacent to a system holding a planet the player controls gets
-- three ground forces of the player, free, and the player takes control of
-- it (exhausted, as a newly gained planet).
local L = game.lib
local function targets(p)
  local near = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    for _, t in ipairs(game.adjacent(game.planet_system(pl))) do near[t] = true end
  end
  local out = {}
  for _, s in ipairs(game.keys(near)) do
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == nil and game.count_units { planet = pl } == 0 then out[#out + 1] = pl end
    end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local pl = game.choose(p, { key = "ti3.planet_that_joins_you" }, targets(p))
    for _ = 1, 3 do game.spawn("ground_force", p, { planet = pl }) end
    game.log({ key = "ti3.places_3_ground_forces", p = L.pn(p), planet = L.name("planets", pl) })
    L.take_control(p, pl, true)
  end,
}

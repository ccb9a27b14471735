-- Civil Defense (as an action): two PDS from reinforcements, free, on a
-- planet the player controls that has no PDS yet. Needs two PDS left in
-- reinforcements.
local L = game.lib
local function targets(p)
  local lim = L.def(p, "pds").limit
  if lim and game.count_units { owner = p, kind = "pds" } + 2 > lim then return {} end
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    local any = false
    for _, u in ipairs(game.units { planet = pl }) do
      if L.def(u.owner, u.kind).type == "pds" then any = true end
    end
    if not any then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local pl = game.choose(p, { key = "ti3.planet_2_pds" }, targets(p))
    for _ = 1, 2 do game.spawn("pds", p, { planet = pl }) end
    game.log({ key = "ti3.places_2_pds", p = L.pn(p), planet = L.name("planets", pl) })
  end,
}

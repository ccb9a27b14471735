-- Advanced Reinforcements (TACS, as an action): one of the player's ground
-- forces gets two promotions (each one it could reach, whatever its cost):
-- any of them, on his planets or carried aboard his ships in space.
local L = game.lib
local function forces(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    for _, u in ipairs(L.ground(p, pl)) do out[#out + 1] = u end
  end
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried ~= nil and L.def(p, u.kind).class == "ground" then out[#out + 1] = u end
  end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end
return {
  usable = function(p) return #forces(p) > 0 end,
  component = function(p)
    local opts, by = {}, {}
    for _, u in ipairs(forces(p)) do opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
    L.tacs_grant_promotions(by[game.choose(p, { key = "tacs.promote_which" }, opts)], 2)
  end,
}

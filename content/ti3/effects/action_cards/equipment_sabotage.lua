-- Equipment Sabotage (as an action): up to two PDS on one planet (any
-- player's) are destroyed; the player picks how many.
local L = game.lib
local function pds_on(pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl }) do
    if L.def(u.owner, u.kind).type == "pds" then out[#out + 1] = u end
  end
  return out
end
local function targets()
  local seen, out = {}, {}
  for _, u in ipairs(game.units {}) do
    if u.planet and not seen[u.planet] and L.def(u.owner, u.kind).type == "pds" then
      seen[u.planet] = true
      out[#out + 1] = u.planet
    end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #targets() > 0 end,
  component = function(p)
    local pl = game.choose(p, { key = "ti3.planet_whose_pds_are" }, targets())
    local list = pds_on(pl)
    local opts = {}
    for i = math.min(2, #list), 1, -1 do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti3.pds_destroy" }, opts))
    for i = 1, n do
      local u = list[i]
      L.destroy_unit(u, { source = p, label = "equipment sabotage", system = u.system },
        { key = "ti3.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
    end
  end,
}

-- Secret Industrial Agent (as an action): destroy any space dock outside the
-- home systems.
local L = game.lib
local function is_home(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function targets()
  local out = {}
  for _, u in ipairs(game.units {}) do
    if u.planet and L.def(u.owner, u.kind).type == "space_dock" and not is_home(u.system) then
      out[#out + 1] = u.kind .. "#" .. u.id .. " of " .. L.pn(u.owner) .. " on " .. u.planet
    end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #targets() > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.space_dock_destroy" }, targets())
    local kind, id = pick:match("^([%w_]+)#(%d+)")
    id = tonumber(id)
    local owner = tonumber(pick:match(" of p(%d+) "))
    local s = game.planet_system(pick:match(" on (.+)$"))
    L.destroy_unit({ id = id, kind = kind, owner = owner }, { source = p, label = "secret industrial agent", system = s },
      { key = "ti3.unit_destroyed", p = L.pn(owner), unit = kind .. "#" .. id, id = id })
    L.enforce_limits(owner, s)
  end,
}

-- Lucky Shot (as an action): destroy another player's dreadnought, cruiser
-- or destroyer in a system holding a planet the player controls. A
-- dreadnought whose owner has Nano Technology cannot be targeted
-- (races.lua's L.ac_immune).
local L = game.lib
local KINDS = { dreadnought = true, cruiser = true, destroyer = true }
local function targets(p)
  local systems = {}
  for _, pl in ipairs(game.planets_owned(p)) do systems[game.planet_system(pl)] = true end
  local out = {}
  for _, s in ipairs(game.keys(systems)) do
    for _, u in ipairs(L.other_ships(p, s)) do
      if KINDS[L.def(u.owner, u.kind).type] and not (L.ac_immune and L.ac_immune(u.owner, u.kind, p)) then
        out[#out + 1] = u.kind .. "#" .. u.id .. " of " .. L.pn(u.owner) .. " in " .. (game.system(s).hex or tostring(s))
      end
    end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.ship_destroy" }, targets(p))
    local kind, id = pick:match("^([%w_]+)#(%d+)")
    id = tonumber(id)
    local owner = tonumber(pick:match(" of p(%d+) "))
    local s = game.system_at(pick:match(" in (.+)$"))
    L.destroy_unit({ id = id, kind = kind, owner = owner }, { source = p, label = "lucky shot", system = s },
      { key = "ti3.unit_destroyed", p = L.pn(owner), unit = kind .. "#" .. id, id = id })
  end,
}

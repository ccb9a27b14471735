-- Secret Industrial Agent (SA): ti3's card (destroy a space dock) with SA's
-- home system rule: a dock in another player's home system may be picked if
-- he allows it (L.sa_pick_with_home_permission, rules/g_cards.lua).
local L = game.lib
local function targets()
  local out = {}
  for _, u in ipairs(game.units {}) do
    if u.planet and L.def(u.owner, u.kind).type == "space_dock" then
      out[#out + 1] = u.kind .. "#" .. u.id .. " of " .. L.pn(u.owner) .. " on " .. u.planet
    end
  end
  table.sort(out)
  return out
end
local function sys(pick) return game.planet_system(pick:match(" on (.+)$")) end
return {
  usable = function(p) return #targets() > 0 end,
  component = function(p)
    local pick = L.sa_pick_with_home_permission(p, { key = "sa.dock_to_destroy" }, targets(), sys, "Secret Industrial Agent")
    if not pick then return end
    local kind, id = pick:match("^([%w_]+)#(%d+)")
    id = tonumber(id)
    local owner = tonumber(pick:match(" of p(%d+) "))
    local s = sys(pick)
    L.destroy_unit({ id = id, kind = kind, owner = owner }, { source = p, label = "secret industrial agent", system = s },
      { key = "sa.unit_destroyed", p = L.pn(owner), unit = kind .. "#" .. id })
    L.enforce_limits(owner, s)
  end,
}

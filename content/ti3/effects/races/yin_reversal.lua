-- Yin: as an action (once a turn, which an action is), mark one of the
-- player's ready planets; its resource and influence values are swapped
-- until the round ends (read through L.pdef, rules/races.lua). The marks are
-- removed when the status phase ends.
local L = game.lib

local function candidates(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if not game.exhausted(pl) and not game.get("planet", pl, "reversed") then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p) return #candidates(p) > 0 end,
  component = function(p, def)
    local pl = game.choose(p, { key = "ti3.swap_values", ability = L.name("race_abilities", def.id) }, candidates(p))
    game.put("planet", pl, "reversed", true)
    local list = game.get("player", p, "reversed_planets") or {}
    list[#list + 1] = pl
    game.put("player", p, "reversed_planets", list)
    local d = L.pdef(pl)
    game.log({ key = "ti3.planet_worth", planet = L.name("planets", pl), resources = (d.resources or 0), influence = (d.influence or 0) })
  end,
  ["after:status_phase"] = function(ctx, p)
    for _, pl in ipairs(game.get("player", p, "reversed_planets") or {}) do game.put("planet", pl, "reversed", nil) end
    game.put("player", p, "reversed_planets", nil)
  end,
}

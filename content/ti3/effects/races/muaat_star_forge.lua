-- Muaat: as an action, pay one counter from strategy allocation to place two
-- fighters or one destroyer, free, in a system holding the player's war sun
-- or space dock. Fleet supply and capacity are then checked there.
local L = game.lib

local function systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    local t = L.def(p, u.kind).type
    if u.system and not seen[u.system] and (t == "war_sun" or t == "space_dock") then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #systems(p) > 0 end,
  component = function(p, def)
    game.add(p, "strategy", -1)
    local opts = {}
    for _, s in ipairs(systems(p)) do opts[#opts + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.place_units", ability = L.name("race_abilities", def.id) }, opts))
    local what = game.choose(p, { key = "ti3.ability_place", ability = L.name("race_abilities", def.id) }, { "2 fighters", "1 destroyer" })
    if what == "1 destroyer" then
      game.spawn("destroyer", p, { system = s })
    else
      for _ = 1, 2 do game.spawn("fighter", p, { system = s }) end
    end
    game.log({ key = "ti3.star_forge_places", p = L.pn(p), what = what, system = L.sysname(s), ability = L.name("race_abilities", def.id) })
    L.enforce_limits(p, s)
  end,
}

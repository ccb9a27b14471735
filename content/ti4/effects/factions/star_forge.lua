-- Muaat, Star Forge: ACTION: pay 1 strategy-pool token to put 2 fighters or
-- 1 destroyer from reinforcements into a system holding one of the player's
-- war suns (then the fleet pool and capacity are checked there). A destroyer
-- only while one is left in reinforcements; fighters may use tokens (LRR 23.4b).
local L = game.lib

local function war_sun_systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p, kind = "war_sun", space = true }) do
    if u.system and not seen[u.system] then seen[u.system] = true; out[#out + 1] = u.system end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p) return game.counter(p, "strategy") > 0 and #war_sun_systems(p) > 0 end,
  component = function(p, def)
    local opts = {}
    for _, s in ipairs(war_sun_systems(p)) do opts[#opts + 1] = game.system(s).hex or tostring(s) end
    local pick = game.choose(p, { key = "ti4.star_forge_system", ability = L.name("abilities", def.id) }, opts)
    local s = tonumber(pick) or game.system_at(pick)
    local units = { "2 fighters" }
    -- (none left in reinforcements: one may come back from the board, LRR 23.4a)
    if L.can_place_unit(p, "destroyer") then units[2] = "1 destroyer" end
    local what = game.choose(p, { key = "ti4.star_forge_units", ability = L.name("abilities", def.id) }, units)
    if what == "1 destroyer" then
      -- (p may decline to send one back from the board: then nothing is paid)
      if not L.place_unit(p, "destroyer", { system = s }) then return end
    else
      for _ = 1, 2 do game.spawn("fighter", p, { system = s }) end
    end
    game.add(p, "strategy", -1)
    game.log({ key = "ti4.places_units_in", p = L.pn(p), units = { key = what == "1 destroyer" and "ti4.one_destroyer" or "ti4.two_fighters" },
      system = L.sysname(s), card = L.name("abilities", def.id) })
    L.enforce_limits(p, s)
  end,
}

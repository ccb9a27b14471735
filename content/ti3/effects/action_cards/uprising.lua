-- Uprising (as an action): in a system that is not a home system, every
-- controlled planet is exhausted (any player's).
local L = game.lib
local function is_home(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function systems()
  local out = {}
  for s = 1, game.num_systems() do
    if not is_home(s) then
      local any = false
      for _, pl in ipairs(game.planets_of(s)) do
        if game.planet_owner(pl) and not game.exhausted(pl) then any = true end
      end
      if any then out[#out + 1] = game.system(s).hex or tostring(s) end
    end
  end
  return out
end
return {
  usable = function(p) return #systems() > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.system_uprising" }, systems())
    local s = tonumber(pick) or game.system_at(pick)
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) and not game.exhausted(pl) then
        game.exhaust(pl, true)
        game.log({ key = "ti3.planet_exhausted", planet = L.name("planets", pl) })
      end
    end
  end,
}

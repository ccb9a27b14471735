-- Transit Diodes: as an action, pay one counter from strategy allocation to
-- move up to four of the player's ground forces from one of his planets to
-- another planet he controls.
local L = game.lib

local function sources(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      if L.moves_as_ground(p, u) then out[#out + 1] = pl; break end
    end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p)
    return game.counter(p, "strategy") > 0 and #game.planets_owned(p) >= 2 and #sources(p) > 0
  end,
  component = function(p, def)
    game.add(p, "strategy", -1)
    local name = L.name("techs", def.id)
    local from = game.choose(p, { key = "ti3.move_ground_forces", name = name }, sources(p))
    local dest = {}
    for _, pl in ipairs(game.planets_owned(p)) do if pl ~= from then dest[#dest + 1] = pl end end
    table.sort(dest)
    local to = game.choose(p, { key = "ti3.move_them", name = name }, dest)
    local avail = {}
    for _, u in ipairs(game.units { planet = from, owner = p }) do
      if L.moves_as_ground(p, u) then avail[#avail + 1] = u end
    end
    local opts = {}
    for i = 1, math.min(4, #avail) do opts[#opts + 1] = tostring(i) end
    local n = tonumber(game.choose(p, { key = "ti3.how_many", name = name }, opts))
    for i = 1, n do game.move_unit(avail[i].id, { planet = to }) end
    game.log({ key = n > 1 and "ti3.moves_ground_forces_for_many" or "ti3.moves_ground_forces_for_one", p = L.pn(p), n = n, planet = L.name("planets", from), planet2 = L.name("planets", to), name = name })
  end,
}

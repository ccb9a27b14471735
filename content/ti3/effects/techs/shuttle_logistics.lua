-- Shuttle Logistics (Yssaril): at the start of the status phase, pick a
-- system with no enemy ships; the player's ground forces there (on planets or
-- in space) may move to friendly planets in that system or an adjacent one
-- that has no enemy ships.
local L = game.lib

local function ground_in(p, s)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.moves_as_ground(p, u) then out[#out + 1] = u end
  end
  return out
end

return function(ctx, p, def)
  local name = L.name("racial_techs", def.id)
  local opts = { "none" }
  for s = 1, game.num_systems() do
    if #L.other_ships(p, s) == 0 and #ground_in(p, s) > 0 then opts[#opts + 1] = game.system(s).hex end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.move_ground_forces_out", name = name }, opts)
  if pick == "none" then return end
  local s = game.system_at(pick)
  local dests = {}
  local cand = { s }
  for _, t in ipairs(game.adjacent(s, "move")) do cand[#cand + 1] = t end
  for _, t in ipairs(cand) do
    if #L.other_ships(p, t) == 0 then
      for _, pl in ipairs(game.planets_of(t)) do
        if game.planet_owner(pl) == p then dests[#dests + 1] = pl end
      end
    end
  end
  table.sort(dests)
  if #dests == 0 then return end
  for _, u in ipairs(ground_in(p, s)) do
    local o = { "stay" }
    for _, pl in ipairs(dests) do if pl ~= u.planet then o[#o + 1] = pl end end
    local to = game.choose(p, { key = "ti3.move_unit_to", name = name, unit = u.kind .. "#" .. u.id, id = u.id }, o)
    if to ~= "stay" then
      game.move_unit(u.id, { planet = to })
      game.log({ key = "ti3.moves_unit_to", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", to), name = name })
    end
  end
end

-- Plague (as an action): on a planet another player controls, one die is
-- rolled for each of its ground forces (shock troops included, our reading
-- of SE); each even result destroys that unit. The planet stays under its
-- owner's control.
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p then for _, pl in ipairs(game.planets_owned(q)) do out[#out + 1] = pl end end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local pl = game.choose(p, { key = "ti3.planet_struck_by_plague" }, targets(p))
    local q = game.planet_owner(pl)
    local list = L.ground(q, pl)
    if #list == 0 then
      game.log({ key = "ti3.no_ground_forces", planet = L.name("planets", pl) })
      return
    end
    local rolls = {}
    for i = 1, #list do rolls[i] = game.random(10) end
    game.log({ key = "ti3.plague_roll", p = L.pn(p), planet = L.name("planets", pl), rolls = table.concat(rolls, ",") })
    for i, u in ipairs(list) do
      if rolls[i] % 2 == 0 then
        L.destroy_unit({ id = u.id, kind = u.kind, owner = q }, { source = p, label = "plague", system = game.planet_system(pl) },
          { key = "ti3.unit_destroyed", p = L.pn(q), unit = u.kind .. "#" .. u.id, id = u.id })
      end
    end
  end,
}

-- Bioplasmosis (Arborec): at the start of the strategy phase, the player may
-- move one ground force from a planet he controls to a planet he controls or
-- nobody controls in an adjacent system; an uncontrolled planet becomes his
-- (our reading).
local L = game.lib
return function(ctx, p, def)
  local opts = { "none" }
  local froms = game.planets_owned(p)
  table.sort(froms)
  for _, from in ipairs(froms) do
    local has = false
    for _, u in ipairs(game.units { planet = from, owner = p }) do
      if L.def(p, u.kind).type == "ground_force" then has = true end
    end
    if has then
      for _, t in ipairs(game.adjacent(game.planet_system(from), "move")) do
        for _, pl in ipairs(game.planets_of(t)) do
          local o = game.planet_owner(pl)
          if (o == p or (o == nil and game.count_units { planet = pl, not_owner = p } == 0)) then
            opts[#opts + 1] = from .. "->" .. pl
          end
        end
      end
    end
  end
  if #opts == 1 then return end
  local name = L.name("racial_techs", def.id)
  local pick = game.choose(p, { key = "ti3.move_ground_force", name = name }, opts)
  if pick == "none" then return end
  local from, to = pick:match("^(.-)%->(.-)$")
  for _, u in ipairs(game.units { planet = from, owner = p }) do
    if L.def(p, u.kind).type == "ground_force" then
      game.move_unit(u.id, { planet = to })
      break
    end
  end
  game.log({ key = "ti3.moves_a_ground_force", p = L.pn(p), planet = L.name("planets", from), planet2 = L.name("planets", to), name = name })
  if game.planet_owner(to) ~= p then L.take_control(p, to, true) end
end

-- Local Unrest (SA): ti3's card (effects/action_cards/local_unrest.lua of
-- ti3: a controlled planet is exhausted and loses one ground force; with none
-- left it becomes neutral, its structures destroyed; Winnu ground forces
-- protect theirs) with SA's home system rule: a planet in another player's
-- home system may be picked if he allows it (L.sa_pick_with_home_permission,
-- rules/g_cards.lua).
local L = game.lib
local function targets()
  local out = {}
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      local q = game.planet_owner(pl)
      if q and not (L.flag(q, "local_unrest_immunity") > 0 and #L.ground(q, pl) > 0) then out[#out + 1] = pl end
    end
  end
  table.sort(out)
  return out
end
local function destroy(u, p)
  game.remove_unit(u.id)
  game.log(L.pn(u.owner) .. " " .. u.kind .. "#" .. u.id .. " is destroyed")
  game.window("unit_destroyed", { player = u.owner, kind = u.kind, unit = u.id, source = p, label = "local unrest", system = u.system })
end
return {
  usable = function(p) return #targets() > 0 end,
  component = function(p)
    local pl = L.sa_pick_with_home_permission(p, "planet in unrest", targets(), function(x) return game.planet_system(x) end, "Local Unrest")
    if not pl then return end
    local q = game.planet_owner(pl)
    game.exhaust(pl, true)
    game.log(L.pn(p) .. " exhausts " .. L.name("planets", pl))
    local g = L.ground(q, pl)
    if #g > 0 then
      local opts, by = {}, {}
      for _, u in ipairs(g) do
        if not by[u.kind] then by[u.kind] = u; opts[#opts + 1] = u.kind end
      end
      destroy(by[game.choose(p, "ground force to destroy", opts)], p)
    end
    if #L.ground(q, pl) == 0 then
      for _, u in ipairs(game.units { planet = pl, owner = q }) do destroy(u, p) end
      game.set_owner(pl, nil)
      game.log(L.name("planets", pl) .. " becomes neutral")
    end
  end,
}

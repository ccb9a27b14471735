-- Local Unrest (as an action): a controlled planet outside the home systems
-- is exhausted and loses one ground force (if it has any); with no ground
-- forces left on it, it becomes neutral. Shock troops count as ground forces
-- (our reading of SE). A planet that turns neutral keeps no structures of
-- its former owner: they are destroyed (our reading; the card is silent).
-- A planet holding a ground force of a player with the
-- `local_unrest_immunity` flag (the Winnu) cannot be chosen.
local L = game.lib
local function is_home(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function targets()
  local out = {}
  for s = 1, game.num_systems() do
    if not is_home(s) then
      for _, pl in ipairs(game.planets_of(s)) do
        local q = game.planet_owner(pl)
        if q and not (L.flag(q, "local_unrest_immunity") > 0 and #L.ground(q, pl) > 0) then out[#out + 1] = pl end
      end
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
    local pl = game.choose(p, "planet in unrest", targets())
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

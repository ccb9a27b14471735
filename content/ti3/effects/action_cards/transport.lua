-- Transport (as an action): up to three ground forces move from one planet
-- the player controls to another, if a route links their systems that
-- crosses no system holding another player's ships (the two systems
-- themselves included). Shock troops count as ground forces (our reading).
local L = game.lib
local function blocked(p)
  local out, set = {}, {}
  for _, u in ipairs(game.units { not_owner = p, space = true }) do
    if u.system and u.carried == nil and L.def(u.owner, u.kind).class == "ship" then set[u.system] = true end
  end
  for _, s in ipairs(game.keys(set)) do out[#out + 1] = s end
  return out, set
end
local function routes(p)
  local list, bad = blocked(p)
  local mine = game.planets_owned(p)
  table.sort(mine)
  local out = {}
  for _, a in ipairs(mine) do
    local sa = game.planet_system(a)
    if #L.ground(p, a) > 0 and not bad[sa] then
      for _, b in ipairs(mine) do
        local sb = game.planet_system(b)
        if b ~= a and not bad[sb] and game.move_cost(sa, sb, { blocked = list }) then out[#out + 1] = a .. " -> " .. b end
      end
    end
  end
  return out
end
return {
  usable = function(p) return #routes(p) > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.transport_ground_forces" }, routes(p))
    local a, b = pick:match("^(.-) %-> (.+)$")
    local n = 0
    while n < 3 do
      local opts, by = {}, {}
      for _, u in ipairs(L.ground(p, a)) do
        if not by[u.kind] then by[u.kind] = u; opts[#opts + 1] = u.kind end
      end
      if #opts == 0 then break end
      if n > 0 then table.insert(opts, 1, "done") end
      local k = game.choose(p, { key = "ti3.ground_force_move", planet = L.name("planets", b) }, opts)
      if k == "done" then break end
      game.move_unit(by[k].id, { planet = b })
      n = n + 1
    end
    game.log({ key = n == 1 and "ti3.moves_ground_forces_one" or "ti3.moves_ground_forces_many", p = L.pn(p), n = n, planet = L.name("planets", a), planet2 = L.name("planets", b) })
  end,
}

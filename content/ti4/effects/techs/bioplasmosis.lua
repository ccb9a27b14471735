-- Arborec, Bioplasmosis: when the status phase ends, the holder may move
-- infantry from planets they control to planets they control in the same or
-- an adjacent system, one at a time ("from -> to"), each infantry once.
local L = game.lib

return function(ctx, p, def)
  local moved = {}
  while true do
    local mine = L.drop_planets(p)
    table.sort(mine)
    local opts = { "done" }
    for _, a in ipairs(mine) do
      local inf = nil
      for _, u in ipairs(game.units { planet = a, owner = p, kind = "infantry" }) do
        if not moved[u.id] then inf = u; break end
      end
      if inf then
        local sa = game.planet_system(a)
        local near = { [sa] = true }
        for _, t in ipairs(game.adjacent(sa, "move")) do near[t] = true end
        for _, b in ipairs(mine) do
          if b ~= a and near[game.planet_system(b)] then opts[#opts + 1] = a .. "->" .. b end
        end
      end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.bioplasmosis_move", card = L.name("techs", def.id) }, opts)
    if pick == "done" then return end
    local a, b = pick:match("^(.-)%->(.+)$")
    local u
    for _, x in ipairs(game.units { planet = a, owner = p, kind = "infantry" }) do
      if not moved[x.id] then u = x; break end
    end
    game.move_unit(u.id, { planet = b })
    moved[u.id] = true
    game.log({ key = "ti4.moves_infantry", p = L.pn(p), unit = u.kind .. "#" .. u.id, from = L.name("planets", a), to = L.name("planets", b), card = L.name("techs", def.id) })
  end
end

-- Transit Diodes: at the start of the player's action-phase turn, exhaust to
-- take up to 4 of the player's ground forces from anywhere on the board and
-- put them on planets the player controls (one or several).
-- Ground forces of one kind in one place are alike, so they are offered by
-- place ("infantry@jord", "infantry@space 0,-3"); a unit moved once is not
-- offered again.
local L = game.lib
local USED = "used:transit_diodes"

local function groups(p, moved)
  local by, keys = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    if not moved[u.id] and L.def(p, u.kind).class == "ground" then
      local where = u.planet or ("space " .. (game.system(u.system).hex or tostring(u.system)))
      local key = u.kind .. "@" .. where
      if not by[key] then by[key] = {}; keys[#keys + 1] = key end
      table.insert(by[key], u.id)
    end
  end
  table.sort(keys)
  return by, keys
end

return {
  when = function(ctx, p)
    if ctx.player ~= p or game.get("player", p, USED) then return false end
    if #L.drop_planets(p) == 0 then return false end
    local _, keys = groups(p, {})
    return #keys > 0
  end,

  run = function(ctx, p, def)
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.exhaust_card", card = name }, { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    game.log({ key = "ti4.exhausts_card", p = L.pn(p), card = name })
    local planets = L.drop_planets(p)
    table.sort(planets)
    local moved = {}
    for _ = 1, 4 do
      local by, keys = groups(p, moved)
      if #keys == 0 then break end
      local opts = { "done" }
      for _, k in ipairs(keys) do opts[#opts + 1] = k end
      local pick = game.choose(p, { key = "ti4.diodes_pick", card = name }, opts)
      if pick == "done" then break end
      local id = by[pick][1]
      local dest = game.choose(p, { key = "ti4.diodes_dest", card = name, group = pick, id = id }, planets)
      game.move_unit(id, { planet = dest })
      moved[id] = true
      game.log({ key = "ti4.diodes_moves", p = L.pn(p), unit = pick:match("^([%w_]+)@") .. "#" .. id, id = id, planet = L.name("planets", dest), card = name })
    end
  end,
}

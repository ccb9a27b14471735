-- Gravity Drive: ships that start the activation in a system next to a
-- gravity rift or a wormhole get +1 move for that tactical action (read by
-- L.move_value through the unit prop `move_bonus`, taken back when movement
-- ends). "Next to a wormhole": one of the system's neighbours (wormhole links
-- included) holds a wormhole, so a ship in a wormhole system qualifies too.
-- The other half (no roll when leaving a gravity rift) changes nothing in
-- this pack: every TI3 gravity rift is a Shards of the Throne tile.
local L = game.lib
local KEY = "gravity_drive:units"

local function near_rift_or_wormhole(s)
  for _, t in ipairs(game.adjacent(s, "move")) do
    local d = game.data.systems[game.tile_of(t)] or {}
    if d.anomaly == "gravity_rift" or #(d.wormholes or {}) > 0 then return true end
  end
  return false
end

return {
  when = function(ctx, p) return ctx.player == p end,
  ["before:movement"] = function(ctx, p, def)
    local ids, near = {}, {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and u.system ~= ctx.system and L.def(p, u.kind).class == "ship" then
        if near[u.system] == nil then near[u.system] = near_rift_or_wormhole(u.system) end
        if near[u.system] then
          game.put("unit", u.id, "move_bonus", (game.get("unit", u.id, "move_bonus") or 0) + 1)
          ids[#ids + 1] = u.id
        end
      end
    end
    if #ids > 0 then game.put("player", p, KEY, ids) end
  end,
  ["after:movement"] = function(ctx, p)
    for _, id in ipairs(game.get("player", p, KEY) or {}) do
      if game.unit_exists(id) then
        local b = (game.get("unit", id, "move_bonus") or 0) - 1
        game.put("unit", id, "move_bonus", b ~= 0 and b or nil)
      end
    end
    game.put("player", p, KEY, nil)
  end,
}

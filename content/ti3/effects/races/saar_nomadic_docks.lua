-- Saar floating docks (races.lua L.floating_docks; the rest of the rule is
-- there and in tactical3.lua). This script:
--   * marks a dock that moved into the active system in the player's
--     movement step (unit prop `dock_moved`: it produces nothing in that
--     activation); the marks are cleared when the tactical or transfer
--     action ends (round.lua's transfer marks the docks it moves);
--   * destroys a dock of the player in the space area of a system holding
--     another player's ships and none of his, checked after every step that
--     moves, places or destroys ships (movement, space cannon fire, space
--     battle, production, transfer) and at the end of each turn and phase.
--     The dock counts as destroyed by the owner of those ships
--     (unit_destroyed, label "floating dock"). A retreat leaves the dock
--     behind (UNCERTAIN: the TI3 sources do not let docks retreat).
local L = game.lib

local function docks_of(p, s)
  local out = {}
  for _, u in ipairs(game.units { owner = p, system = s, space = true }) do
    if L.is_floating_dock(u) then out[#out + 1] = u end
  end
  return out
end

local function check(p)
  if not L.floating_docks(p) then return end
  for _, u in ipairs(docks_of(p)) do
    local s = u.system
    if game.unit_exists(u.id) and #L.ships(p, s) == 0 then
      local others = L.other_ships(p, s)
      if #others > 0 then
        L.destroy_unit({ id = u.id, kind = u.kind, owner = p },
          { source = others[1].owner, label = "floating dock", active = game.get("game", nil, "active"), system = s },
          { key = "ti3.saar_dock_destroyed", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(s) })
      end
    end
  end
end

local function clear(p)
  for _, u in ipairs(docks_of(p)) do
    if u.dock_moved then game.put("unit", u.id, "dock_moved", nil) end
  end
end

return {
  ["before:movement"] = function(ctx, p)
    if ctx.player ~= p or not ctx.system then return end
    local here = {}
    for _, u in ipairs(docks_of(p, ctx.system)) do here[tostring(u.id)] = true end
    game.put("player", p, "saar_docks_before", here)
  end,
  ["after:movement"] = function(ctx, p)
    if ctx.player == p and ctx.system then
      local here = game.get("player", p, "saar_docks_before") or {}
      game.put("player", p, "saar_docks_before", nil)
      for _, u in ipairs(docks_of(p, ctx.system)) do
        if not here[tostring(u.id)] then game.put("unit", u.id, "dock_moved", true) end
      end
    end
    check(p)
  end,
  ["after:space_cannon_offense"] = function(ctx, p) check(p) end,
  ["after:space_combat"] = function(ctx, p) check(p) end,
  ["after:production"] = function(ctx, p) check(p) end,
  ["after:tactical_action"] = function(ctx, p)
    check(p)
    if ctx.player == p then clear(p) end
  end,
  ["after:transfer_action"] = function(ctx, p)
    check(p)
    if ctx.player == p then clear(p) end
  end,
  turn_end = function(ctx, p) check(p) end,
  ["after:strategy_phase"] = function(ctx, p) check(p) end,
  ["after:status_phase"] = function(ctx, p) check(p) end,
}

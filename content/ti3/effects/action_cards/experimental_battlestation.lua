-- Experimental Battlestation: once another player has activated a system
-- and moved ships into it, one of the player's space docks fires three
-- shots at those ships as if it were one of the player's PDS: the PDS hit
-- value, and the PDS range (the dock's own system, or the systems next to it
-- with Deep Space Cannon).
local L = game.lib
local function pds(p) return L.def(p, "pds").space_cannon or { hit = 6, range = 0 } end
local function docks(p, s)
  local out = {}
  local range = pds(p).range or 0
  for _, t in ipairs(game.within(s, range, "space_cannon")) do
    for _, u in ipairs(game.units { system = t, owner = p }) do
      if u.planet and L.def(p, u.kind).type == "space_dock" then out[#out + 1] = u end
    end
  end
  return out
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    return p ~= ctx.player and (ctx.moved or 0) > 0 and ctx.system ~= nil
      and #L.ships(ctx.player, ctx.system) > 0 and #docks(p, ctx.system) > 0
  end,
  run = function(ctx, p)
    local a, s = ctx.player, ctx.system
    local list, opts = docks(p, s), {}
    for _, u in ipairs(list) do opts[#opts + 1] = u.kind .. "#" .. u.id .. " on " .. u.planet end
    local id = tonumber(game.choose(p, { key = "ti3.space_dock_that_fires" }, opts):match("#(%d+)"))
    local dock
    for _, u in ipairs(list) do if u.id == id then dock = u end end
    local sc = pds(p)
    local hits = L.fire_cannons(p, { { unit = dock, sc = { hit = sc.hit, dice = 3, range = sc.range } } }, a, "experimental battlestation")
    local w = game.window("space_cannon_hits", { player = a, shooter = p, hits = hits, system = s })
    L.assign_hits(a, L.ships(a, s), w.hits, "space cannon", { source = p })
  end,
}

-- In the Silence of Space: right after the player activates a system, he
-- names one of his fleets (his ships in one system); in this activation its
-- ships with a move of 2 or more may pass through systems holding other
-- players' ships, though not end their move in one but the activated system
-- (L.passes_through_ships, action_card_seams.lua).
local L = game.lib
local function fleets(p, target)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    local s = u.system
    if s and s ~= target and u.carried == nil and not seen[s] and not game.has_token(s, "command", p)
      and L.def(p, u.kind).class == "ship" and L.move_value(p, u, s) >= 2 then
      seen[s] = true
      out[#out + 1] = s
    end
  end
  table.sort(out)
  return out
end
return {
  when = function(ctx, p)
    return p ~= nil and ctx.player == p and ctx.system ~= nil and #fleets(p, ctx.system) > 0
  end,
  run = function(ctx, p)
    local hexes = {}
    for _, s in ipairs(fleets(p, ctx.system)) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.silent_fleet" }, hexes))
    game.put("game", nil, "silent_fleet", { player = p, system = s, target = ctx.system })
    game.log({ key = "ti3.fleet_passes_ships", p = L.pn(p), system = L.sysname(s) })
  end,
}

-- Arborec ground force production (rules/races.lua, L.ground_force_producers):
-- where each of the player's ground forces stood as his movement step began
-- (player prop gf_start: unit id -> planet, "" off a planet), until his
-- tactical action ends.
return {
  ["before:movement"] = function(ctx, p)
    if ctx.player ~= p then return end
    local start = {}
    for _, u in ipairs(game.units { owner = p }) do
      if (game.lib.def(p, u.kind).type or u.kind) == "ground_force" then start[tostring(u.id)] = u.planet or "" end
    end
    game.put("player", p, "gf_start", start)
  end,
  ["after:tactical_action"] = function(ctx, p)
    if ctx.player == p then game.put("player", p, "gf_start", nil) end
  end,
  ["after:transfer_action"] = function(ctx, p)
    if ctx.player == p then game.put("player", p, "gf_start", nil) end
  end,
}

-- Nekro Virus, Technological Singularity: once in each combat, after one of
-- the opponent's units is destroyed by the player's hits in that combat, the
-- player may take one technology that opponent owns (L.nekro_take_tech).
-- Each space or ground combat the player fights in makes the ability ready
-- again (player prop `singularity`: "ready", then "used").
local L = game.lib
local LABELS = { ["space combat"] = true, ["ground combat"] = true, ["anti-fighter barrage"] = true }

local function start(ctx, p)
  local involved = ctx.player == p or ctx.defender == p
  if not involved and ctx.planet then
    for _, u in ipairs(L.ground(p, ctx.planet)) do involved = true end
  end
  game.put("player", p, "singularity", involved and "ready" or nil)
end

return {
  ["before:space_combat"] = start,
  ["before:ground_combat"] = start,
  unit_destroyed = function(ctx, p, def)
    if ctx.player == p or ctx.source ~= p or not LABELS[ctx.label or ""] then return end
    if game.get("player", p, "singularity") ~= "ready" then return end
    if L.nekro_take_tech(p, { ctx.player }, def.id) then game.put("player", p, "singularity", "used") end
  end,
}

-- Nekro Virus, Technological Singularity: once in each combat, after one of
-- the opponent's units is destroyed during that combat (by any effect), the
-- player may take one technology that opponent owns (L.nekro_take_tech).
-- A space or ground combat the player fights in makes the ability ready
-- (player props `singularity`: "ready", then "used"; `singularity_opp`: the
-- opponent) until it ends.
local L = game.lib

local function ground_owner(pl, but)
  for _, u in ipairs(game.units { planet = pl, not_owner = but }) do
    if L.def(u.owner, u.kind).class == "ground" then return u.owner end
  end
  return nil
end

local function start(ctx, p)
  local opp
  if ctx.player == p then
    opp = ctx.defender or (ctx.planet and ground_owner(ctx.planet, p))
  elseif ctx.defender == p or (ctx.planet and #L.ground(p, ctx.planet) > 0) then
    opp = ctx.player
  end
  if opp == 0 then opp = nil end -- neutral units hold no technology
  game.put("player", p, "singularity", (opp and L.singularity_allowed(p, opp)) and "ready" or nil)
  game.put("player", p, "singularity_opp", opp)
end

local function stop(ctx, p)
  game.put("player", p, "singularity", nil)
  game.put("player", p, "singularity_opp", nil)
end

return {
  ["before:space_combat"] = start,
  ["before:ground_combat"] = start,
  ["after:space_combat"] = stop,
  ["after:ground_combat"] = stop,
  unit_destroyed = function(ctx, p, def)
    if game.get("player", p, "singularity") ~= "ready" or ctx.player ~= game.get("player", p, "singularity_opp") then return end
    if L.nekro_take_tech(p, { ctx.player }, def.id) then game.put("player", p, "singularity", "used") end
  end,
}

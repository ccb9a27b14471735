-- Yin Spinner (Yin): each time the player builds units at a space dock, one
-- more ground force comes free, outside the build limits. Noted around the
-- production step (every production runs as a step: tactical and transfer
-- actions, the Imperial and Production strategy cards); the ground force
-- goes on the planet of a dock that was there before the step. Whether units
-- were built is what the step reports (ctx.produced, new docks excluded),
-- else the units that were not there before (a step from another pack).
local L = game.lib
local KEY = "spinner_before" -- props are JSON: unit ids are kept as string keys
return {
  when = function(ctx, p) return ctx.player == p and ctx.system ~= nil end,
  ["before:production"] = function(ctx, p)
    local set = {}
    for _, u in ipairs(game.units { system = ctx.system, owner = p }) do set[tostring(u.id)] = true end
    game.put("player", p, KEY, set)
  end,
  ["after:production"] = function(ctx, p, def)
    local before = game.get("player", p, KEY) or {}
    game.put("player", p, KEY, nil)
    local built, dock = false, nil
    if ctx.produced ~= nil then built = ctx.produced > 0 end
    for _, u in ipairs(game.units { system = ctx.system, owner = p }) do
      if ctx.produced == nil and not before[tostring(u.id)] then built = true end
      if before[tostring(u.id)] and u.planet and (L.def(p, u.kind).type or u.kind) == "space_dock" then dock = u.planet end
    end
    if not built or not dock then return end
    game.spawn("ground_force", p, { planet = dock })
    game.log({ key = "ti3.gets_free_ground_force", p = L.pn(p), planet = L.name("planets", dock), tech = L.name("racial_techs", def.id) })
  end,
}

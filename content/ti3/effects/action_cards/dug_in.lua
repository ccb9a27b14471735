-- Dug In: just before a bombardment, a player picks one of its planets: for
-- the rest of the round its ground forces there cannot be hit by
-- bombardment. Bombardment only ever hits ground forces, so the planet is
-- kept out of the bombardment targets (ctx.forbid, read by the bombardment
-- step) whenever the player still controls it this round. The played card
-- grants itself to "game" so that later bombardments this round see it.
local L = game.lib
local function round() return game.get("game", nil, "round") or 0 end
local function bombers(a, s)
  for _, u in ipairs(L.ships(a, s)) do
    if L.def(a, u.kind).bombardment then return true end
  end
  return false
end
local function planets(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if #L.ground(p, pl) > 0 then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end
local function protect(ctx)
  for _, pl in ipairs(game.planets_of(ctx.system)) do
    local by = game.get("planet", pl, "dug_in_by")
    if by and game.get("planet", pl, "dug_in_round") == round() and game.planet_owner(pl) == by and by ~= ctx.player then
      ctx.forbid = ctx.forbid or {}
      ctx.forbid[pl] = true
    end
  end
end
return {
  when = function(ctx, p)
    if p == nil then return ctx.system ~= nil end   -- the game's copy: every bombardment this round
    if game.get("game", nil, "ac_lock") then return false end
    return p ~= ctx.player and ctx.system ~= nil and bombers(ctx.player, ctx.system) and #planets(p) > 0
  end,
  run = function(ctx, p)
    if p == nil then return protect(ctx) end
    local pl = game.choose(p, { key = "ti3.planet_whose_ground_forces" }, planets(p))
    game.put("planet", pl, "dug_in_by", p)
    game.put("planet", pl, "dug_in_round", round())
    game.grant("game", "action_cards", "dug_in")
    game.log({ key = "ti3.ground_forces_are_immune", p = L.pn(p), planet = L.name("planets", pl) })
    protect(ctx)
  end,
}

-- Surprise Assault: right after the player activates a system holding one
-- of his blockaded space docks, once his ships (if any) have moved in, his
-- docks there produce, ships included; a space battle then follows if both
-- sides have ships there (action_card_seams.lua, L.production_blockaded).
local L = game.lib
local function docks(p, s)
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "space_dock" then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    return p ~= nil and ctx.player == p and ctx.system ~= nil and docks(p, ctx.system) and L.blockaded(p, ctx.system)
  end,
  run = function(ctx, p)
    game.put("game", nil, "surprise_assault", { player = p, system = ctx.system })
    game.log({ key = "ti3.surprise_assault", p = L.pn(p), system = L.sysname(ctx.system) })
  end,
}

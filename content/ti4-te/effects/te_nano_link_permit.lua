-- Nano-Link Permit (Ral Nel's note): after its holder activates a system,
-- they may move their structures from adjacent systems without their command
-- tokens onto planets they control in the active system; then it goes back.
local L = game.lib

local function sources(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    if not game.has_token(t, "command", p) then
      for _, u in ipairs(game.units { system = t, owner = p }) do
        if L.def(p, u.kind).class == "structure" then out[#out + 1] = t; break end
      end
    end
  end
  table.sort(out)
  return out
end

return {
  when = function(ctx, p, owner)
    if ctx.player ~= p or not ctx.system then return false end
    local mine = false
    for _, pl in ipairs(game.planets_of(ctx.system)) do
      if L.is_ability_planet(p, pl) then mine = true end
    end
    return mine and #sources(p, ctx.system) > 0
  end,
  run = function(ctx, p, owner, def)
    game.log({ key = "te.nano_link_played", p = L.pn(p), system = L.sysname(ctx.system), note = L.name("promissory_notes", def.id) })
    L.te_place_structures(p, sources(p, ctx.system), ctx.system, "te.nano_link_place")
  end,
}

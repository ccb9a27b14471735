-- Dimensional Splicer (Creuss): when a space battle begins in a wormhole
-- system where the player has a ship, he may assign one hit to an
-- enemy ship of his choice (its owner may still sustain damage).
local L = game.lib
local function sides(ctx)
  local a = ctx.player
  return a, ctx.defender or L.enemies_in(a, ctx.system)[1]
end
return {
  when = function(ctx, p)
    local a, d = sides(ctx)
    if not d or (p ~= a and p ~= d) then return false end
    local sd = game.data.systems[game.tile_of(ctx.system)] or {}
    return #(sd.wormholes or {}) > 0 and #L.ships(p, ctx.system) > 0
  end,
  run = function(ctx, p, def)
    local a, d = sides(ctx)
    local opp = (p == a) and d or a
    local opts, by = { "none" }, {}
    for _, u in ipairs(L.ships(opp, ctx.system)) do
      local o = u.kind .. "#" .. u.id
      opts[#opts + 1] = o
      by[o] = u
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti3.assign_hit", tech = L.name("racial_techs", def.id) }, opts)
    if pick == "none" then return end
    L.assign_hits(opp, { by[pick] }, 1, "dimensional splicer", { source = p })
  end,
}

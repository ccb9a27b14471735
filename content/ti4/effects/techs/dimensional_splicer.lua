-- Creuss, Dimensional Splicer: when a space combat starts in a system with a
-- wormhole (its tile's, a Creuss token or the Hil Colish's delta) and the
-- holder's ships, the holder may deal 1 hit to one of the opponent's ships
-- (L.opponent_hit_targets): they pick the ship, its owner then takes the hit
-- (sustaining damage if it can).
local L = game.lib

return {
  when = function(ctx, p)
    return (ctx.player == p or ctx.defender == p) and ctx.defender ~= nil and ctx.system ~= nil
      and #L.ships(p, ctx.system) > 0 and #L.wormholes_in(ctx.system) > 0
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local q = (ctx.player == p) and ctx.defender or ctx.player
    local theirs = L.opponent_hit_targets(p, q, s)
    local opts = { "no" }
    for _, u in ipairs(theirs) do opts[#opts + 1] = u.kind .. "#" .. u.id end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.splicer_target", card = L.name("techs", def.id) }, opts)
    if pick == "no" then return end
    local id = tonumber(pick:match("#(%d+)$"))
    game.log({ key = "ti4.hit_on", p = L.pn(p), unit = pick, id = id, card = L.name("techs", def.id) })
    for _, u in ipairs(theirs) do
      if u.id == id then L.assign_hits(u.owner, { u }, 1, "dimensional splicer", { source = p }) end
    end
  end,
}

-- Reparations: right after another player takes one of the player's
-- planets, the player exhausts one planet of that player (a ready one: the
-- card has him exhaust it), then refreshes one of its own exhausted planets
-- whose resource value is not higher than that planet's (if there is one).
local L = game.lib
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and ctx.from == p and ctx.player ~= nil and ctx.player ~= p
      and #L.ready_planets(ctx.player) > 0
  end,
  run = function(ctx, p)
    local q = ctx.player
    local theirs = L.ready_planets(q)
    table.sort(theirs)
    local pl = game.choose(p, { key = "ti3.exhaust_planet", p = L.pn(q) }, theirs)
    game.exhaust(pl, true)
    game.log({ key = "ti3.exhausts", p = L.pn(p), planet = L.name("planets", pl) })
    local cap = L.pdef(pl).resources or 0
    local mine = {}
    for _, x in ipairs(game.planets_owned(p)) do
      if game.exhausted(x) and (L.pdef(x).resources or 0) <= cap then mine[#mine + 1] = x end
    end
    table.sort(mine)
    if #mine > 0 then
      local r = game.choose(p, { key = "ti3.refresh_one_your_planets" }, mine)
      game.exhaust(r, false)
      game.log({ key = "ti3.refreshes", p = L.pn(p), planet = L.name("planets", r) })
    end
  end,
}

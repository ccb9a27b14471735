-- Military Support: at the start of the Sol player's turn, one token of
-- Sol's strategy pool (if any) goes back to their reinforcements; then the
-- holder may put 2 of their infantry on a planet they control.
local L = game.lib
return {
  when = function(ctx, p, owner) return ctx.player == owner end,
  run = function(ctx, p, owner, def)
    local name = L.name("promissory_notes", def.id)
    if game.counter(owner, "strategy") > 0 then
      game.add(owner, "strategy", -1)
      game.log({ key = "ti4.token_to_reinforcements", q = L.pn(owner), pool = "strategy", note = name })
    end
    local opts = { "none" }
    local mine = L.drop_planets(p)
    table.sort(mine)
    for _, pl in ipairs(mine) do opts[#opts + 1] = pl end
    local pick = game.choose(p, { key = "ti4.military_support_planet", note = name }, opts)
    if pick == "none" then return end
    for _ = 1, 2 do game.spawn("infantry", p, { planet = pick }) end
    game.log({ key = "ti4.places_infantry", p = L.pn(p), n = 2, planet = L.name("planets", pick), note = name })
  end,
}

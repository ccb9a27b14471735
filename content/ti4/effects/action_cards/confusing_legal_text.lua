-- Confusing Legal Text: the player elected by an agenda names another
-- player, who is elected instead.
local L = game.lib
return {
  when = function(ctx, p) return ctx.outcome == L.pn(p) end,
  run = function(ctx, p)
    local opts = {}
    for q = 1, game.num_players() do if q ~= p and not L.eliminated(q) then opts[#opts + 1] = L.pn(q) end end
    ctx.outcome = game.choose(p, { key = "ti4.elected_instead" }, opts)
    game.log({ key = "ti4.is_elected_instead", p = ctx.outcome })
  end,
}

-- Sol, Versatile: one more command token whenever command tokens are gained
-- in the status phase. Resolved right after the "gain command tokens" step:
-- one more token from reinforcements (if any is left), which is the same as
-- gaining min(n + 1, reinforcements) in that step.
local L = game.lib

return {
  run = function(ctx, p, def)
    if L.reinforcements(p) <= 0 then return end
    local pool = game.choose(p, { key = "ti4.place_command_token_for", card = L.name("abilities", def.id) }, L.token_pools(p))
    game.add(p, pool, 1)
    game.log({ key = "ti4.gains_extra_token", p = L.pn(p), card = L.name("abilities", def.id),
      tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end,
}

-- Cybernetic Enhancements: when the holder gains command tokens in the
-- status phase, one more (from reinforcements, if any is left): offered
-- right after the "gain command tokens" step, like Hyper Metabolism.
local L = game.lib
return {
  when = function(ctx, p) return L.reinforcements(p) > 0 end,
  run = function(ctx, p, owner, def)
    local name = L.name("promissory_notes", def.id)
    local pool = game.choose(p, { key = "ti4.place_command_token_for", card = name }, L.token_pools(p))
    game.add(p, pool, 1)
    game.log({ key = "ti4.gains_extra_token", p = L.pn(p), card = name,
      tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
  end,
}

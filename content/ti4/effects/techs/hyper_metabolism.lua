-- Hyper Metabolism: three command tokens instead of two in the status phase.
-- Resolved right after the "gain command tokens" step: the player places one
-- more token from reinforcements (if any is left). This is the same as
-- gaining min(3, reinforcements) tokens in that step.
local L = game.lib

return {
  run = function(ctx, p, def)
    if L.reinforcements(p) <= 0 then return end
    local pool = game.choose(p, "place a command token (" .. L.name("techs", def.id) .. ")", L.POOLS)
    game.add(p, pool, 1)
    game.log(L.pn(p) .. " gains 1 more command token (" .. L.name("techs", def.id) .. "): "
      .. game.counter(p, "tactic") .. "/" .. game.counter(p, "fleet") .. "/" .. game.counter(p, "strategy"))
  end,
}

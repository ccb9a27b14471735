-- Neural Motivator: two action cards instead of one in the status phase.
-- The extra card is drawn just before the status-phase draw step (the step
-- draws the usual card and then applies the hand limit once, to all cards).
-- The deck is shuffled, so drawing the extra card first changes no odds.
local L = game.lib

return {
  run = function(ctx, p, def)
    local got = L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
    if #got > 0 then
      game.log({ key = "ti4.draws_extra_card", p = L.pn(p), card = L.name("techs", def.id) })
    end
  end,
}

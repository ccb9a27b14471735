-- Xxcha: right after a political card is revealed, pay one counter from
-- strategy allocation to cancel it; the agenda step reveals the next card.
local L = game.lib
return {
  when = function(ctx, p) return not ctx.discard and game.counter(p, "strategy") > 0 end,
  run = function(ctx, p, def)
    local name = L.name("political_cards", ctx.agenda)
    if game.choose(p, { key = "ti3.pay_counter_cancel", ability = L.name("race_abilities", def.id), name = name }, { "no", "yes" }) ~= "yes" then return end
    game.add(p, "strategy", -1)
    ctx.discard = true
    game.log({ key = "ti3.cancels", p = L.pn(p), name = name, ability = L.name("race_abilities", def.id) })
  end,
}

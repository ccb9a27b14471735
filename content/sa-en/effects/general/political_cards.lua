-- SA general rule: one political card each in the status phase, trading
-- two for one, hand limit 7 (rules/b_general.lua, item 4). The limit is also
-- kept at the end of every turn (cards drawn during a turn, e.g. Assembly).
local L = game.lib
return {
  ["after:draw_action_cards"] = function() L.sa_general.status_politics() end,
  turn_end = function(ctx)
    for _, q in ipairs(L.order_from(ctx.player or L.speaker())) do L.sa_politics_limit(q) end
  end,
}

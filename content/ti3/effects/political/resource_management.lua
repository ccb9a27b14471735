-- Resource Management (law, For/Against).
-- For: while the law is in play, nobody may move command counters between
-- the areas of his race sheet in the status phase (game prop
-- no_redistribution, read by L.may_redistribute; the law's repeal lifts it).
-- Against: every player holding three action cards or more discards two of
-- them (his choice).
local L = game.lib
local function NAME() return L.name("political_cards", "resource_management") end
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "no_redistribution", true)
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local hand = "actions:" .. p
      if game.zone_count(hand) >= 3 then
        for _ = 1, 2 do
          local opts = {}
          for _, c in ipairs(game.zone(hand)) do opts[#opts + 1] = c end
          table.sort(opts)
          local c = game.choose(p, { key = "ti3.action_card_to_discard", card = NAME() }, opts)
          game.move_card(c, hand, "discard:actions")
          game.log({ key = "ti3.discards_action_card_for", p = L.pn(p), action = L.name("action_cards", c), card = NAME() })
        end
      end
    end
  end,
  repeal = function(def) game.put("game", nil, "no_redistribution", nil) end,
}

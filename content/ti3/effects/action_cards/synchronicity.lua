-- Synchronicity: during the strategy phase (played as it begins), the player
-- takes any one card of the action card deck into hand; the deck is then
-- shuffled.
local L = game.lib
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and game.zone_count("deck:actions") > 0 end,
  run = function(ctx, p)
    local seen, opts = {}, {}
    for _, c in ipairs(game.zone("deck:actions")) do
      if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
    end
    table.sort(opts)
    local c = game.choose(p, { key = "ti3.action_card_take_deck" }, opts)
    game.move_card(c, "deck:actions", "actions:" .. p)
    game.shuffle("deck:actions")
    game.log({ key = "ti3.takes_action_card_deck", p = L.pn(p) })
  end,
}

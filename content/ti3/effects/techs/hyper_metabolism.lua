-- Hyper Metabolism (the extra command counter is the flag
-- extra_command_counters): before drawing action cards in the status phase,
-- the player may discard one action card to draw one more.
local L = game.lib
return function(ctx, p, def)
  local hand = {}
  local seen = {}
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  if #hand == 0 then return end
  table.sort(hand)
  table.insert(hand, 1, "none")
  local c = game.choose(p, { key = "ti3.discard_action_card_draw", tech = L.name("techs", def.id) }, hand)
  if c == "none" then return end
  game.move_card(c, "actions:" .. p, "discard:actions")
  game.log({ key = "ti3.discards_card_for", p = L.pn(p), card = L.name("action_cards", c), name = L.name("techs", def.id) })
  L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
end

-- Action cards (cards.yaml): every player starts with one Strategic
-- Redeployment, dealt from the deck once the game is set up.
local L = game.lib

game.on("setup_done", function(ctx)
  if not game.data.action_cards.strategic_redeployment then return end
  for p = 1, game.num_players() do
    local deck = game.zone("deck:actions") or {}
    local found = false
    for _, c in ipairs(deck) do if c == "strategic_redeployment" then found = true end end
    if found then
      game.move_card("strategic_redeployment", "deck:actions", "actions:" .. p)
      game.log({ key = "tacs.dealt_redeployment", p = L.pn(p) })
    end
  end
end)

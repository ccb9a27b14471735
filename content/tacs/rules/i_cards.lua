-- Action cards (cards.yaml): every player starts with one Strategic
-- Redeployment, dealt from the deck once the game is set up. The deck holds
-- five; when they are all dealt (six players or more, as in the seed's own
-- game of six races) each further player gets a copy from outside the deck,
-- so that every player starts with one (UNCERTAIN: the seed does not say
-- whether the starting cards are among the five).
local L = game.lib

game.on("setup_done", function(ctx)
  if not game.data.action_cards.strategic_redeployment then return end
  for p = 1, game.num_players() do
    local deck = game.zone("deck:actions") or {}
    local found = false
    for _, c in ipairs(deck) do if c == "strategic_redeployment" then found = true end end
    if not found then
      game.zone_new("tmp:tacs_redeployment", nil, { "strategic_redeployment" })
    end
    game.move_card("strategic_redeployment", found and "deck:actions" or "tmp:tacs_redeployment", "actions:" .. p)
    game.log({ key = "tacs.dealt_redeployment", p = L.pn(p) })
  end
end)

-- Shields Holding (effects/cards/shields_holding.lua): the second shot it
-- cancels, until the end of the round.
game.on("tacs_ship_damaged", function(ctx)
  local sh = game.get("game", nil, "tacs_shields")
  if not sh or sh.left <= 0 or (ctx.n or 0) <= 0 then return end
  if sh.player ~= ctx.player or sh.system ~= ctx.system or ctx.source == ctx.player then return end
  ctx.n = 0
  game.put("game", nil, "tacs_shields", nil)
  game.log({ key = "tacs.shield_cancels", p = L.pn(ctx.player), unit = ctx.kind .. "#" .. ctx.unit })
end)
game.on("tacs_round_end", function(ctx) game.put("game", nil, "tacs_shields", nil) end)

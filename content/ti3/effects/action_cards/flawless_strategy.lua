-- Flawless Strategy (as an action): the player carries out the primary
-- ability of a strategy card no one chose this round; the other players may
-- then use its secondary ability as usual (the strategic action step, with
-- its windows). The card counts as used for the rest of the round.
-- Not done: in a 4- or 8-player game the card should be discarded when drawn
-- and replaced; every strategy card is chosen in those games, so here it
-- simply can never be played.
local L = game.lib
local function cards()
  local out = {}
  for _, id in ipairs(L.sc_ids()) do
    local d = game.data.strategy_cards[id]
    if not game.get("game", nil, "sc_owner:" .. id) and not game.get("game", nil, "sc_used:" .. id)
      and type(d.handler) == "table" and d.handler.primary then
      out[#out + 1] = id
    end
  end
  return out
end
return {
  usable = function(p) return #cards() > 0 end,
  component = function(p)
    local id = game.choose(p, { key = "ti3.strategy_card_whose_primary" }, cards())
    game.step("strategic_action", { player = p, active = p, card = id })
  end,
}

-- Successful Spy (as an action): two action cards at random from another
-- player's hand (one if that is all it has).
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and game.zone_count("actions:" .. q) > 0 then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local q = tonumber(game.choose(p, { key = "ti3.player_spy" }, targets(p)):sub(2))
    local n = 0
    for _ = 1, 2 do
      local hand = game.zone("actions:" .. q)
      if #hand == 0 then break end
      game.move_card(hand[game.random(#hand)], "actions:" .. q, "actions:" .. p)
      n = n + 1
    end
    game.log({ key = n == 1 and "ti3.takes_action_cards_at_random_one" or "ti3.takes_action_cards_at_random_many", p = L.pn(p), n = n, q = L.pn(q) })
  end,
}

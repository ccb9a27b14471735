-- Yssaril Tribes, Stall Tactics: ACTION: discard one action card from the
-- player's hand.
local L = game.lib

return {
  usable = function(p) return game.zone_count("actions:" .. p) > 0 end,
  component = function(p, def)
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone("actions:" .. p)) do
      if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
    end
    table.sort(hand)
    local c = game.choose(p, { key = "ti4.stall_tactics_discard", ability = L.name("abilities", def.id) }, hand)
    L.discard_action_card(p, c)
    game.log({ key = "ti4.stall_tactics_discards", p = L.pn(p), card = L.name("action_cards", c), ability = L.name("abilities", def.id) })
  end,
}

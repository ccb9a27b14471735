-- Disclosure: look at another player's action cards and discard one of them.
-- "At any time": offered at the start of every turn (the moments the rules
-- open outside a specific step).
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and game.zone_count("actions:" .. q) > 0 then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and #targets(p) > 0 end,
  run = function(ctx, p)
    local q = tonumber(game.choose(p, { key = "ti3.player_whose_action_cards" }, targets(p)):sub(2))
    local hand, seen, opts = game.zone("actions:" .. q), {}, {}
    for _, c in ipairs(hand) do
      if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
    end
    table.sort(opts)
    local c = game.choose(p, { key = "ti3.action_card_discard", p = L.pn(q) }, opts)
    game.move_card(c, "actions:" .. q, "discard:actions")
    game.log({ key = "ti3.looks_action_cards_discards", p = L.pn(p), q = L.pn(q), card = L.name("action_cards", c) })
  end,
}

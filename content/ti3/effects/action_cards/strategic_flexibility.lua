-- Strategic Flexibility: once every player has chosen, before bonus
-- counters go on the unchosen cards (the `strategy_cards_chosen` window),
-- the player gives back a strategy card he chose and takes one of the
-- unchosen ones instead (L.exchange_strategy_card: the bonus counters on
-- it come with it). Cards with an effect on being chosen (Initiative's
-- speaker token) cannot be given back (our reading: that effect would not
-- be undone).
local L = game.lib
local function mine(p)
  local out = {}
  for _, id in ipairs(L.sc_ids()) do
    local h = game.data.strategy_cards[id].handler
    if game.get("game", nil, "sc_owner:" .. id) == p and not (type(h) == "table" and h.chosen) then out[#out + 1] = id end
  end
  return out
end
local function unchosen(p)
  local out = {}
  for _, id in ipairs(L.free_strategy_cards(p)) do
    local h = game.data.strategy_cards[id].handler
    if not (type(h) == "table" and h.chosen) then out[#out + 1] = id end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and #mine(p) > 0 and #unchosen(p) > 0
  end,
  run = function(ctx, p)
    local old = game.choose(p, { key = "ti3.strategy_card_to_give_back" }, mine(p))
    local new = game.choose(p, { key = "ti3.strategy_card_to_take" }, unchosen(p))
    L.exchange_strategy_card(p, old, new)
  end,
}

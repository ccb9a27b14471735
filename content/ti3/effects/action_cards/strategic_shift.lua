-- Strategic Shift: as the strategy phase begins, before anyone chooses, the
-- player names a strategy card nobody may choose this round (game prop
-- sc_barred_round:<id>, read by the rules' L.strategy_card_barred). Not
-- played when every remaining card would be needed (our reading: the card
-- cannot leave a player without a strategy card to choose).
local L = game.lib
local function round_no() return game.get("game", nil, "round") or 0 end
local function picks()
  local n = game.num_players()
  return n * ((n <= 4) and 2 or 1)
end
local function choices()
  local out = {}
  for _, id in ipairs(L.sc_ids()) do
    if not game.get("game", nil, "sc_owner:" .. id) and not L.strategy_card_barred(id) then out[#out + 1] = id end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and #choices() - 1 >= picks()
  end,
  run = function(ctx, p)
    local id = game.choose(p, { key = "ti3.strategy_card_barred_by_shift" }, choices())
    game.put("game", nil, "sc_barred_round:" .. id, round_no())
    game.log({ key = "ti3.strategy_card_barred", card = L.name("strategy_cards", id) })
  end,
}

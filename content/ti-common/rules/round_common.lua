-- Helpers of the round that the editions share: which strategy cards a
-- player holds, initiative order, playing an action card, and two status
-- steps. An edition defines L.sc_ids() (its strategy cards in order).
local L = game.lib

-- The strategy cards p holds this round.
function L.cards_of(p)
  local out = {}
  for _, id in ipairs(L.sc_ids()) do
    if game.get("game", nil, "sc_owner:" .. id) == p then out[#out + 1] = id end
  end
  return out
end

-- Players by their lowest strategy card (LRR 3; TI3 the same).
function L.initiative_order()
  local best = {}
  for p = 1, game.num_players() do best[p] = 99 end
  for _, id in ipairs(L.sc_ids()) do
    local o = game.get("game", nil, "sc_owner:" .. id)
    if o then best[o] = math.min(best[o], game.data.strategy_cards[id].initiative) end
  end
  local out = {}
  for p = 1, game.num_players() do out[#out + 1] = p end
  table.sort(out, function(a, b) return best[a] < best[b] or (best[a] == best[b] and a < b) end)
  return out
end

-- Plays an action card from p's hand: discarded and announced; others may
-- cancel it in `action_card_played` (returns false then).
function L.play_action_card(p, id, ctx)
  game.move_card(id, "actions:" .. p, "discard:actions")
  game.log(L.pn(p) .. " plays " .. L.name("action_cards", id))
  local w = game.window("action_card_played", { player = p, active = p, card = id })
  if w.cancel then
    game.log(L.name("action_cards", id) .. " is cancelled")
    return false
  end
  return true
end

-- An action card played in a window goes through L.play_action_card first.
procedure("play_optional", function(p, coll, id, ctx)
  if coll == "action_cards" then return L.play_action_card(p, id, ctx) end
  return true
end)

procedure("repair_units", function(ctx)
  for _, u in ipairs(game.units()) do
    if u.damaged then game.put("unit", u.id, "damaged", nil) end
  end
end)

procedure("remove_command_tokens", function(ctx) game.clear_tokens("command") end)

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

-- A component action: an action card (played through L.play_action_card) or
-- the `component` of a definition the player holds. L.component_used(p,
-- coll, id) lets an edition mark what was used (ti4 exhausts technologies).
function L.component_used(p, coll, id) end

procedure("component_action", function(ctx)
  local p, d = ctx.player, game.data[ctx.coll][ctx.id]
  if ctx.coll == "action_cards" then
    if not L.play_action_card(p, ctx.id, ctx) then return end
  else
    L.component_used(p, ctx.coll, ctx.id)
    game.log(L.pn(p) .. " uses " .. L.name(ctx.coll, ctx.id))
  end
  d.handler.component(p, d, ctx)
end)

-- The first player offered the secondary of p's strategy card: his clockwise
-- neighbour (a variant with another player order replaces this).
function L.secondary_first(p) return p % game.num_players() + 1 end

-- A strategic action: the card's primary, then the other players in order
-- from L.secondary_first may resolve its secondary for a strategy token,
-- unless the card (or the player prop free_secondaries) makes it free.
procedure("strategic_action", function(ctx)
  local p, id = ctx.player, ctx.card
  local d = game.data.strategy_cards[id]
  game.log(L.pn(p) .. " plays " .. L.name("strategy_cards", id))
  if d.handler.primary then d.handler.primary(p, d, ctx) end
  for _, q in ipairs(L.order_from(L.secondary_first(p))) do
    if q ~= p and d.handler.secondary then
      local free = d.free_secondary or game.get("player", q, "free_secondaries")
      if (free or game.counter(q, "strategy") > 0) and (not d.handler.can_secondary or d.handler.can_secondary(q, d, ctx)) then
        if game.choose(q, "use the secondary of " .. L.name("strategy_cards", id), { "no", "yes" }) == "yes" then
          if not free then game.add(q, "strategy", -1) end
          game.log(L.pn(q) .. " uses the secondary of " .. L.name("strategy_cards", id))
          d.handler.secondary(q, d, ctx)
        end
      end
    end
  end
  game.put("game", nil, "sc_used:" .. id, true)
end)

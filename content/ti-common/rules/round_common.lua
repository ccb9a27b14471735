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
  for p = 1, game.num_players() do
    if not L.eliminated(p) then out[#out + 1] = p end
  end
  table.sort(out, function(a, b) return best[a] < best[b] or (best[a] == best[b] and a < b) end)
  return out
end

-- hook: whether p may play action card id now (ctx: the window's, nil for an action); default: yes (a card that forbids playing action cards for a while replaces this). Asked before an action card is offered, as an action (L.component_actions) or in a window (the `when` of every optional action card, wrapped once every pack has loaded).
function L.may_play_action_card(p, id, ctx) return true end

game.when_loaded(function()
  for _, id in ipairs(game.keys(game.data.action_cards or {})) do
    local d = game.data.action_cards[id]
    local h = d.handler
    if d.optional and h ~= nil then
      local w = {}
      if type(h) == "function" then
        w.run = h
      else
        for _, k in ipairs(game.keys(h)) do w[k] = h[k] end
      end
      local when = w.when
      w.when = function(ctx, p, def)
        if p ~= nil and not L.may_play_action_card(p, id, ctx) then return false end
        if when then return when(ctx, p, def) end
        return true
      end
      d.handler = w
    end
  end
end)

-- hook: p's action card `id` leaves their hand for the discard pile (played, or over the hand limit); default: it goes to "discard:actions".
function L.discard_action_card(p, id)
  game.move_card(id, "actions:" .. p, "discard:actions")
end

-- Plays an action card from p's hand: discarded and announced; others may
-- cancel it in `action_card_played` (returns false then).
function L.play_action_card(p, id, ctx)
  L.discard_action_card(p, id)
  game.log({ key = "plays", p = L.pn(p), card = L.name("action_cards", id) })
  local w = game.window("action_card_played", { player = p, active = p, card = id })
  if w.cancel then
    game.log({ key = "card_cancelled", card = L.name("action_cards", id) })
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
    -- (ctx.cancelled: the card was cancelled, for an edition where that
    -- does not use the player's action.)
    if not L.play_action_card(p, ctx.id, ctx) then ctx.cancelled = true; return end
  else
    L.component_used(p, ctx.coll, ctx.id)
    game.log({ key = "uses", p = L.pn(p), card = L.name(ctx.coll, ctx.id) })
  end
  d.handler.component(p, d, ctx)
end)

-- The first player offered the secondary of p's strategy card: his clockwise
-- neighbour (a variant with another player order replaces this).
function L.secondary_first(p) return p % game.num_players() + 1 end

-- p carries out the primary of strategy card d in a strategic action (a
-- variant that adds to a card's primary replaces this).
function L.resolve_primary(p, d, ctx) return d.handler.primary(p, d, ctx) end

-- Whether q uses the secondary of card d (ctx.card) without spending a
-- strategy token: the card says so, or the player prop free_secondaries (a
-- race ability that frees some secondaries replaces this).
function L.secondary_free(q, d, ctx)
  return (d.free_secondary or game.get("player", q, "free_secondaries")) and true or false
end

-- hook: whether q may use the secondary of card d (ctx.card) in this strategic action at all; default: yes (a card that bars a player from a secondary replaces this).
function L.may_use_secondary(q, d, ctx) return true end

-- hook: whether q must resolve the secondary of card d (ctx.card) in this strategic action, without being asked whether to use it (when it may: free or paid, and the card allows it); default: no (a card whose primary makes players resolve its secondary replaces this).
function L.secondary_required(q, d, ctx) return false end

-- hook: whether q can pay for the secondary of card d (ctx.card) in this strategic action when it is not free; default: q has a strategy token.
function L.may_pay_secondary(q, d, ctx) return game.counter(q, "strategy") > 0 end

-- hook: q pays for the secondary of card d (ctx.card) in this strategic action when it is not free; default: one strategy token.
function L.pay_secondary(q, d, ctx) game.add(q, "strategy", -1) end

-- q carries out the secondary of card d (ctx.card) in another player's
-- strategic action (an ability that replaces or adds to it replaces this).
function L.resolve_secondary(q, d, ctx) return d.handler.secondary(q, d, ctx) end

-- A strategic action: the card's primary, then the other players in order
-- from L.secondary_first may resolve its secondary for a strategy token,
-- unless L.secondary_free makes it free.
procedure("strategic_action", function(ctx)
  local p, id = ctx.player, ctx.card
  local d = game.data.strategy_cards[id]
  game.log({ key = "plays", p = L.pn(p), card = L.name("strategy_cards", id) })
  if d.handler.primary then L.resolve_primary(p, d, ctx) end
  for _, q in ipairs(L.order_from(L.secondary_first(p))) do
    if q ~= p and d.handler.secondary and L.may_use_secondary(q, d, ctx) then
      local free = L.secondary_free(q, d, ctx)
      if (free or L.may_pay_secondary(q, d, ctx)) and (not d.handler.can_secondary or d.handler.can_secondary(q, d, ctx)) then
        if L.secondary_required(q, d, ctx)
          or game.choose(q, { key = "use_secondary", card = L.name("strategy_cards", id), id = id }, { "no", "yes" }) == "yes" then
          if not free then L.pay_secondary(q, d, ctx) end
          game.log({ key = "uses_secondary", p = L.pn(q), card = L.name("strategy_cards", id) })
          L.resolve_secondary(q, d, ctx)
        end
      end
    end
  end
  game.put("game", nil, "sc_used:" .. id, true)
end)

-- Component actions p could take now: action cards in hand (sorted), then
-- definitions held in L.COMPONENT_COLLS, each with a `component` handler
-- whose `usable` check passes and that L.component_usable allows.
L.COMPONENT_COLLS = {}
function L.component_usable(p, coll, id) return true end

function L.component_actions(p)
  local out = {}
  for _, coll in ipairs({ "action_cards", table.unpack(L.COMPONENT_COLLS) }) do
    local ids = {}
    if coll == "action_cards" then
      local seen = {}
      for _, c in ipairs(game.zone("actions:" .. p)) do
        if not seen[c] then seen[c] = true; ids[#ids + 1] = c end
      end
      table.sort(ids)
    else
      ids = game.holdings(p, coll)
    end
    for _, id in ipairs(ids) do
      local d = game.data[coll] and game.data[coll][id]
      local h = d and d.handler
      if type(h) == "table" and h.component and (coll ~= "action_cards" or L.may_play_action_card(p, id))
        and (not h.usable or h.usable(p, d)) and L.component_usable(p, coll, id) then
        out[#out + 1] = "component:" .. coll .. "." .. id
      end
    end
  end
  return out
end

-- Actions that also take a command token from the tactic pool, offered right
-- after the tactical action (an edition adds its own, e.g. TI3's transfer).
function L.tactic_actions(p, opts) end

-- The actions p may take now: strategic, tactical (and L.tactic_actions),
-- component, and pass once every strategy card of p is played.
procedure("action_options", function(p)
  local opts = {}
  local all_used = true
  for _, id in ipairs(L.cards_of(p)) do
    if not game.get("game", nil, "sc_used:" .. id) then
      all_used = false
      opts[#opts + 1] = "strategic:" .. id
    end
  end
  if game.counter(p, "tactic") > 0 then
    opts[#opts + 1] = "tactical"
    L.tactic_actions(p, opts)
  end
  for _, c in ipairs(L.component_actions(p)) do opts[#opts + 1] = c end
  if all_used then opts[#opts + 1] = "pass" end
  return opts
end)

-- The step each plain action runs; strategic and component actions carry
-- their card or definition. A failing action is undone as a whole.
L.ACTION_STEPS = { tactical = "tactical_action" }
function L.take_action(p, act)
  local ctx = { player = p, active = p }
  if L.ACTION_STEPS[act] then
    game.atomic(game.step, L.ACTION_STEPS[act], ctx)
  elseif act:sub(1, 10) == "strategic:" then
    ctx.card = act:sub(11)
    game.atomic(game.step, "strategic_action", ctx)
  else
    ctx.coll, ctx.id = act:match("^component:([%w_]+)%.([%w_]+)$")
    game.atomic(game.step, "component_action", ctx)
  end
  return ctx
end

-- The end of the game. A winner set before (game prop `winner`, with
-- `won_by` saying how and `winners` for a shared victory) stands; otherwise
-- L.final_ranking() gives the winners (first = the winner; more = a shared
-- victory) and L.final_how(round) says how. L.FACTION_COLL is the collection
-- players' factions come from.
L.FACTION_COLL = "factions"
function L.final_ranking()
  -- Most victory points; ties go to the earliest in the speaker order.
  local best, winner = -1, nil
  for _, p in ipairs(L.order_from(L.speaker())) do
    local v = game.counter(p, "vp")
    if v > best then best, winner = v, p end
  end
  return { winner }
end
function L.final_how(round) return "has the most vp when the game ends" end
function L.before_end_game() end

procedure("end_game", function()
  L.before_end_game()
  local round = game.get("game", nil, "round") or 0
  local winner = game.get("game", nil, "winner")
  local winners = game.get("game", nil, "winners")
  local how = game.get("game", nil, "won_by") or ("reaches " .. L.goal() .. " vp")
  if not winner then
    winners = L.final_ranking()
    winner = winners[1]
    how = L.final_how(round)
    if #winners == 1 then winners = nil end
  end
  game.finish({ winner = winner, winners = winners, round = round })
  local scores = {}
  for p = 1, game.num_players() do scores[#scores + 1] = L.pn(p) .. "=" .. game.counter(p, "vp") end
  game.log({ key = "scores", scores = table.concat(scores, " ") })
  local shared = ""
  if winners and #winners > 1 then
    local names = {}
    for _, q in ipairs(winners) do if q ~= winner then names[#names + 1] = L.pn(q) end end
    shared = " (split victory with " .. table.concat(names, ", ") .. ")"
  end
  game.log({ key = "winner", p = L.pn(winner), faction = L.name(L.FACTION_COLL, game.get("player", winner, "faction")), how = how, round = round, shared = shared })
  return { winner = winner, winners = winners, round = round, vp = game.counter(winner, "vp"), goal = L.goal() }
end)

-- Scenarios: a board like a real game's, without objectives unless asked.
procedure("scenario_setup", function(args)
  args.no_objectives = not args.objectives
  game.call("setup", args)
end)

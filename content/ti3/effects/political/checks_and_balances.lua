-- Checks and Balances (law, For/Against).
-- For: while the law is in play, a player who chooses a strategy card in
-- the strategy phase hands it to another player who holds none yet (with
-- two picks each, 3-4 players: who holds the fewest, fewer than two; our
-- reading), chosen by him (strategy_card_chosen's `to`); when nobody else
-- may receive it, he keeps it. (sa-en's own strategy phase does not read
-- `to`.)
-- Against: every player at once passes each strategy card he holds to the
-- player on his left (the next in rotation).
local L = game.lib
local function NAME() return L.name("political_cards", "checks_and_balances") end
local function held(q)
  local n = 0
  for _, id in ipairs(L.sc_ids()) do
    if game.get("game", nil, "sc_owner:" .. id) == q then n = n + 1 end
  end
  return n
end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    local moves = {}
    for _, id in ipairs(L.sc_ids()) do
      local o = game.get("game", nil, "sc_owner:" .. id)
      if o then moves[#moves + 1] = { id = id, from = o, to = L.next_in_rotation(o) } end
    end
    for _, m in ipairs(moves) do
      game.put("game", nil, "sc_owner:" .. m.id, m.to)
      game.log({ key = "ti3.passes_strategy_card", p = L.pn(m.from), q = L.pn(m.to), card = L.name("strategy_cards", m.id), law = NAME() })
    end
  end,
  strategy_card_chosen = function(ctx, p, def)
    if p ~= nil or ctx.redo or L.law(def.id) ~= "for" then return end
    local picks = game.num_players() <= 4 and 2 or 1
    -- (Among the players still in the game: one who surrendered or was
    -- eliminated holds no card and takes none.)
    local least
    for _, q in ipairs(L.order_from(ctx.player)) do
      if q ~= ctx.player then
        local n = held(q)
        if n < picks and (not least or n < least) then least = n end
      end
    end
    if not least then return end
    local opts = {}
    for _, q in ipairs(L.order_from(ctx.player)) do
      if q ~= ctx.player and held(q) == least then opts[#opts + 1] = L.pn(q) end
    end
    local pick = game.choose(ctx.player, { key = "ti3.give_strategy_card_to", card = L.name("strategy_cards", ctx.card), law = NAME() }, opts)
    ctx.to = tonumber(pick:sub(2))
    game.log({ key = "ti3.gives_strategy_card", p = L.pn(ctx.player), q = pick, card = L.name("strategy_cards", ctx.card), law = NAME() })
  end,
}

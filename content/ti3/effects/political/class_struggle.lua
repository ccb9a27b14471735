-- Class Struggle (law, For/Against).
-- For: while the law is in play, the trade goods a strategic action of the
-- Trade card (or Trade II) pays out (its primary's, the trade agreements'
-- collected through it: every gain through L.gain_tg while it runs) are
-- pooled, and when it ends they are shared equally among the players who
-- were due at least one; what cannot be shared equally is lost.
-- Against: every player loses two trade goods (as many as he has).
local L = game.lib
local function NAME() return L.name("political_cards", "class_struggle") end
local TRADE = { trade = true, trade_ii = true, trade_iii = true }
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    L.everyone_discards_tg(2, NAME())
  end,
  ["before:strategic_action"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not TRADE[ctx.card] then return end
    game.put("game", nil, "class_struggle_pool", { total = 0, due = {} })
  end,
  tg_gained = function(ctx, p, def)
    if p ~= nil then return end
    local pool = game.get("game", nil, "class_struggle_pool")
    if not pool then return end
    local n = math.min(ctx.n, game.counter(ctx.player, "tg"))
    if n <= 0 then return end
    game.add(ctx.player, "tg", -n)
    pool.total = pool.total + n
    pool.due[L.pn(ctx.player)] = true
    game.put("game", nil, "class_struggle_pool", pool)
    game.log({ key = "ti3.tg_pooled", p = L.pn(ctx.player), n = n, card = NAME() })
  end,
  ["after:strategic_action"] = function(ctx, p, def)
    if p ~= nil then return end
    local pool = game.get("game", nil, "class_struggle_pool")
    if not pool then return end
    game.put("game", nil, "class_struggle_pool", nil)
    local due = {}
    for _, q in ipairs(L.order_from(ctx.player)) do if pool.due[L.pn(q)] then due[#due + 1] = q end end
    if #due == 0 then return end
    local share = math.floor(pool.total / #due)
    for _, q in ipairs(due) do
      if share > 0 then game.add(q, "tg", share) end
    end
    game.log({ key = "ti3.tg_shared", total = pool.total, n = share, players = #due, lost = pool.total - share * #due, card = NAME() })
  end,
}

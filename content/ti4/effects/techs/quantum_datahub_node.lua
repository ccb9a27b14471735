-- Quantum Datahub Node: when the strategy phase ends, the player may spend 1
-- strategy-pool token and give another player 3 trade goods; then the player
-- gives that player one of their strategy cards and takes one of theirs.
-- One decision: "no" or "<mine> for <theirs>" (the other player is whoever
-- holds <theirs>).
local L = game.lib

local function owner(id) return game.get("game", nil, "sc_owner:" .. id) end

return {
  when = function(ctx, p)
    return game.counter(p, "strategy") > 0 and game.counter(p, "tg") >= 3 and #L.cards_of(p) > 0
  end,

  run = function(ctx, p, def)
    local opts = { "no" }
    for _, t in ipairs(L.sc_ids()) do
      local q = owner(t)
      if q and q ~= p then
        for _, m in ipairs(L.cards_of(p)) do opts[#opts + 1] = m .. " for " .. t end
      end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.datahub_pick", card = L.name("techs", def.id) }, opts)
    if pick == "no" then return end
    local m, t = pick:match("^([%w_]+) for ([%w_]+)$")
    local q = owner(t)
    game.add(p, "strategy", -1)
    game.add(p, "tg", -3)
    game.add(q, "tg", 3)
    game.put("game", nil, "sc_owner:" .. m, q)
    game.put("game", nil, "sc_owner:" .. t, p)
    game.log({ key = "ti4.datahub_used", p = L.pn(p), card = L.name("techs", def.id), mine = L.name("strategy_cards", m),
      q = L.pn(q), theirs = L.name("strategy_cards", t) })
    -- q gained trade goods: Mentak's Pillage may follow (L.pillage; the
    -- line above already says what q received).
    L.pillage(q)
  end,
}

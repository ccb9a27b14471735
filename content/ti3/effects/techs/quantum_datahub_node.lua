-- Quantum Datahub Node (Hacan): when the strategy phase ends, the player may
-- swap one of his strategy cards for one held by a trade partner, without
-- that player's consent. Only the cards change hands: what a card did when
-- it was chosen (e.g. Initiative's speaker token) stays done.
local L = game.lib
return function(ctx, p, def)
  local opts = { "none" }
  for _, q in ipairs(L.trade_partners and L.trade_partners(p) or {}) do
    for _, mine in ipairs(L.cards_of(p)) do
      for _, theirs in ipairs(L.cards_of(q)) do opts[#opts + 1] = mine .. "<->" .. theirs end
    end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.swap_strategy_cards", tech = L.name("racial_techs", def.id) }, opts)
  if pick == "none" then return end
  local mine, theirs = pick:match("^(.-)<%->(.-)$")
  local q = game.get("game", nil, "sc_owner:" .. theirs)
  game.put("game", nil, "sc_owner:" .. mine, q)
  game.put("game", nil, "sc_owner:" .. theirs, p)
  game.log({ key = "ti3.swaps", p = L.pn(p), card = L.name("strategy_cards", mine), card2 = L.name("strategy_cards", theirs), q = L.pn(q) })
end

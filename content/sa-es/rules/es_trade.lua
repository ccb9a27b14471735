-- Shattered Ascension, Spanish rulebook (seed 001 "Comercio Galáctico"):
-- in 3- and 4-player games a player may make one trade agreement with
-- himself (he turns one of his own trade contracts face up); in 2-player
-- games both (ES.self_trades in es_misc.lua). 000 allows it only with 2-3
-- players (both contracts) and 4 players (one).
--
-- A self-agreement of one contract is recorded as
--   { a = p, ai = i, b = p, bi = i, self = true }
-- (contract i is then in use, as ti3's free_contract reads it), the record
-- of sa-en's own self-agreement, which pays the value of contract i once
-- (sa-en's d_strategy.lua: only side b collects; per-agreement bonuses,
-- Hacan's, count it once, as one agreement). The 2-player duel rule of
-- sa-en (both contracts, { ai = 1, bi = 2 }) pays both contracts and is left
-- as it is.
--
-- When: as trade negotiations open (any Trade primary), before the players
-- propose agreements to each other, each player from the Trade holder on who
-- has a free contract and no self-agreement may make one; like any other
-- agreement it needs the holder's approval unless the holder makes it or the
-- player needs nobody's (Hacan). (Our reading: 001 says only that it may be
-- made; doing it inside the negotiations keeps the Trade card's control.)
--
-- Trade goods on a broken agreement (001 "Cartas Estratégicas", SA Trade):
-- broken by combat, the attacker's are discarded and the defender collects
-- his for free, as sa-en does for any hostile act. UNCERTAIN: 001 says
-- nothing of agreements broken any other way (Trade's option b, a Crimson
-- Suns declaration, a surrender, a bombardment with no invasion); 000's
-- "each partner collects half, rounded down" (sa-en's d_strategy.lua) is
-- kept for them, and a hostile act that is not combat counts as combat.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local S = L.sa_strategy

local function agreements() return game.get("game", nil, "agreements") or {} end

-- Offers p his self-agreement if the rules allow it; true when made.
function ES.trade_with_self(p, holder)
  local allowed = ES.self_trades(game.num_players())
  local i = S.free_contract(p)
  if not i or S.self_contracts(p) >= allowed then return false end
  if game.choose(p, { key = "sa.trade_with_yourself" }, { "no", "yes" }) ~= "yes" then return false end
  local free = L.flag(p, "trade_no_approval") > 0
  if holder and holder ~= p and not free then
    if game.choose(holder, { key = "sa.approve_self_trade", p = L.pn(p) }, { "approve", "refuse" }) ~= "approve" then
      return false
    end
  end
  local list = agreements()
  list[#list + 1] = { a = p, ai = i, b = p, bi = i, self = true }
  game.put("game", nil, "agreements", list)
  game.log({ key = "sa.duel_trades_self", p = L.pn(p) }
)
  return true
end

-- sa-en's hook (d_strategy.lua), called as negotiations open: 001's offers
-- instead of 000's.
function S.self_trade_offers(holder)
  local n = game.num_players()
  if n >= 3 and ES.self_trades(n) > 0 then
    for _, p in ipairs(L.order_from(holder)) do ES.trade_with_self(p, holder) end
  end
end

-- The income of a self-agreement (ti3's helper: once, and p his own
-- partner once) and the trade goods on it are sa-en's (d_strategy.lua), for
-- the same record.

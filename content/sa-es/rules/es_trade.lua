-- Shattered Ascension, Spanish rulebook (seed 001 "Comercio Galáctico"):
-- in 3- and 4-player games a player may make one trade agreement with
-- himself (he turns one of his own trade contracts face up); in 2-player
-- games both (ES.self_trades in es_misc.lua). 000 allows it only with 2-3
-- players (both contracts) and 4 players (one).
--
-- A self-agreement of one contract is recorded as
--   { a = p, ai = i, b = p, bi = i, self = true }
-- (contract i is then in use, as ti3's free_contract reads it). It pays the
-- value of contract i once: the ti3 income helper (politics.lua, which would
-- count both sides) and sa-en's trade goods on agreements
-- (L.sa_strategy.place_trade_goods, d_strategy.lua) are wrapped so that only
-- side b collects (per-agreement bonuses, Hacan's, count it once, as one
-- agreement). The 2-player duel rule of sa-en (both contracts, { ai = 1,
-- bi = 2 }) pays both contracts and is left as it is.
--
-- When: as trade negotiations open (any Trade primary), before the players
-- propose agreements to each other, each player from the Trade holder on who
-- has a free contract and no self-agreement may make one; like any other
-- agreement it needs the holder's approval unless the holder makes it or the
-- player needs nobody's (Hacan). (Our reading: 001 says only that it may be
-- made; doing it inside the negotiations keeps the Trade card's control.)
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function agreements() return game.get("game", nil, "agreements") or {} end
local function key(a) return a.a .. ":" .. tostring(a.ai) .. ":" .. a.b .. ":" .. tostring(a.bi) end
local function single_self(a) return a.self and a.a == a.b and a.ai == a.bi end

local function contract_value(p, i)
  local race = L.faction(p)
  return ((race and race.trade_agreements) or {})[i] or 0
end

-- A free contract of p (the first not in use), as ti3's negotiation picks.
function ES.free_contract(p)
  local used = {}
  for _, a in ipairs(agreements()) do
    if a.a == p and a.ai then used[a.ai] = true end
    if a.b == p and a.bi then used[a.bi] = true end
  end
  local race = L.faction(p)
  for i = 1, #((race and race.trade_agreements) or {}) do
    if not used[i] then return i end
  end
  return nil
end

-- How many of p's contracts are in agreements with himself.
function ES.self_agreements(p)
  local n = 0
  for _, a in ipairs(agreements()) do
    if a.a == p and a.b == p then n = n + ((a.self and 1) or 2) end
  end
  return n
end

-- Offers p his self-agreement if the rules allow it; true when made.
function ES.trade_with_self(p, holder)
  local allowed = ES.self_trades(game.num_players())
  local i = ES.free_contract(p)
  if not i or ES.self_agreements(p) >= allowed then return false end
  if game.choose(p, "trade with yourself (one of your trade contracts)", { "no", "yes" }) ~= "yes" then return false end
  local free = L.flag(p, "trade_no_approval") > 0
  if holder and holder ~= p and not free then
    if game.choose(holder, "approve the trade agreement of " .. L.pn(p) .. " with himself", { "approve", "refuse" }) ~= "approve" then
      return false
    end
  end
  local list = agreements()
  list[#list + 1] = { a = p, ai = i, b = p, bi = i, self = true }
  game.put("game", nil, "agreements", list)
  game.log(L.pn(p) .. " trades with himself")
  return true
end

local base_neg = L.negotiate
function L.negotiate(holder)
  local n = game.num_players()
  if n >= 3 and ES.self_trades(n) > 0 then
    for _, p in ipairs(L.order_from(holder)) do ES.trade_with_self(p, holder) end
  end
  return base_neg(holder)
end

-- Income (ti3 helper): a one-contract self-agreement pays once.
local base_income = L.trade_income
function L.trade_income(p)
  local n = base_income(p)
  for _, a in ipairs(agreements()) do
    if single_self(a) and a.a == p then n = n - contract_value(p, a.ai) end
  end
  return n
end

-- Partners: p appears once for his self-agreement.
local base_partners = L.trade_partners
if base_partners then
  function L.trade_partners(p)
    local out, seen = {}, false
    for _, q in ipairs(base_partners(p)) do
      if q ~= p then out[#out + 1] = q
      elseif not seen then seen = true; out[#out + 1] = q end
    end
    return out
  end
end

-- Trade goods on the agreements (sa-en, restated with the self-agreement):
-- side a of a one-contract self-agreement gets nothing.
local S = L.sa_strategy
if S and S.place_trade_goods and S.reconcile then
  function S.place_trade_goods()
    local st = S.reconcile()
    local got = {}
    for _, a in ipairs(agreements()) do
      local k = key(a)
      local e = st[k] or { a = a.a, b = a.b, ta = 0, tb = 0 }
      local va = contract_value(a.b, a.bi) + L.flag(a.a, "trade_bonus_per_agreement")
      local vb = contract_value(a.a, a.ai) + L.flag(a.b, "trade_bonus_per_agreement")
      if single_self(a) then va = 0 end
      e.ta = (e.ta or 0) + va
      e.tb = (e.tb or 0) + vb
      st[k] = e
      got[a.a] = (got[a.a] or 0) + va
      got[a.b] = (got[a.b] or 0) + vb
    end
    game.put("game", nil, "sa_trade_tg", st)
    for _, p in ipairs(game.keys(got)) do
      game.log(got[p] .. " trade goods are placed on " .. L.pn(p) .. "'s trade agreements (" .. S.trade_goods_on(p) .. " there now)")
    end
  end
end

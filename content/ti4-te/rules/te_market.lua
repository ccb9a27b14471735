-- Black Market Dealings (an action card played while negotiating a
-- transaction; it cannot be cancelled): the two players may also trade
-- relics, action cards and unscored secret objectives. The card is played
-- through the transaction's hooks (L.trade_other_goods / trade_other_terms):
-- whichever of the two holds it is asked once the goods are named; the
-- proposing player then names what they give (by name) and ask for (relics
-- by name, action cards and secret objectives by number: the other player
-- picks which when the offer is accepted). A relic changes hands without
-- the effects of gaining one.
local L = game.lib
local CARD = "black_market_dealings"

local function holds(p)
  for _, c in ipairs(game.zone("actions:" .. p)) do if c == CARD then return true end end
  return false
end

local function secrets(p)
  local out = {}
  for _, c in ipairs(game.zone("secrets:" .. p)) do out[#out + 1] = c end
  table.sort(out)
  return out
end

local function hand(p)
  local out, seen = {}, {}
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if c ~= CARD and not seen[c] then seen[c] = true; out[#out + 1] = c end
  end
  table.sort(out)
  return out
end

local base_other_goods = L.trade_other_goods
function L.trade_other_goods(p, q)
  local n = base_other_goods(p, q)
  if not (holds(p) or holds(q)) then return n end
  for _, x in ipairs({ p, q }) do
    n = n + #L.te_relics_of(x) + #secrets(x) + game.zone_count("actions:" .. x)
  end
  return n
end

--- Moves relic `id` from player `from` to player `to` (no effect of gaining it).
function L.te_give_relic(from, to, id)
  local held = false
  for _, c in ipairs(game.holdings(from, "relics")) do if c == id then held = true end end
  if held then game.revoke(from, "relics", id) end
  for _, c in ipairs(game.zone("relics:" .. from)) do
    if c == id then game.move_card(id, "relics:" .. from, "relics:" .. to) break end
  end
  game.grant(to, "relics", id)
end

---------------------------------------------------------------------------
-- The Silver Flame may be exchanged as part of a transaction (the relic's
-- own text): when either player holds it, the proposing player may give it
-- or ask for it. With Black Market Dealings played, every relic is already
-- offered there, so not again here.
---------------------------------------------------------------------------
local SILVER_FLAME = "the_silver_flame"
local market_open = false

local function flame_holder(p, q)
  for _, x in ipairs({ p, q }) do
    for _, c in ipairs(L.te_relics_of(x)) do if c == SILVER_FLAME then return x end end
  end
  return nil
end

local base_goods_flame = L.trade_other_goods
function L.trade_other_goods(p, q)
  local n = base_goods_flame(p, q)
  if flame_holder(p, q) then n = n + 1 end
  return n
end

local base_terms_flame = L.trade_other_terms
function L.trade_other_terms(p, q, terms)
  local other = base_terms_flame(p, q, terms)
  local h = flame_holder(p, q)
  if not h or market_open then return other end
  local to = h == p and q or p
  local card = L.name("relics", SILVER_FLAME)
  if not game.confirm(p, { key = h == p and "te.silver_flame_give" or "te.silver_flame_ask", q = L.pn(q), card = card }) then
    return other
  end
  return {
    n = (other and other.n or 0) + 1,
    terms = { key = "te.trade_terms_relic", goods = other and other.terms or terms, card = card, from = L.pn(h), to = L.pn(to) },
    exchange = function()
      if other then other.exchange() end
      L.te_give_relic(h, to, SILVER_FLAME)
      game.log({ key = "te.relic_changes_hands", p = L.pn(h), q = L.pn(to), card = card })
    end,
  }
end

-- Action cards are already tradeable when either player holds Arbiters
-- (ti4's Hacan ability): then the card adds relics and secrets only.
local function arbiters(p, q)
  return game.holds(p, "abilities", "arbiters") or game.holds(q, "abilities", "arbiters")
end

local base_other_terms = L.trade_other_terms
function L.trade_other_terms(p, q, terms)
  -- The card is played first, so that the other terms see the hands without it.
  local holder = (holds(p) and p) or (holds(q) and q) or nil
  if holder then
    local partner = holder == p and q or p
    if game.choose(holder, { key = "te.play_black_market", q = L.pn(partner), card = L.name("action_cards", CARD) }, { "no", "yes" }) ~= "yes" then
      holder = nil
    else
      L.discard_action_card(holder, CARD)
      game.log({ key = "te.plays_card", p = L.pn(holder), card = L.name("action_cards", CARD) })
    end
  end
  market_open = holder ~= nil
  local other = base_other_terms(p, q, terms)
  market_open = false
  if not holder then return other end
  local cards = not arbiters(p, q)
  -- What p gives, by name.
  local give, taken = {}, {}
  while true do
    local opts = { "done" }
    for _, c in ipairs(L.te_relics_of(p)) do if not taken[c] then opts[#opts + 1] = "relic:" .. c end end
    if cards then
      for _, c in ipairs(hand(p)) do if not taken[c] then opts[#opts + 1] = "action:" .. c end end
    end
    for _, c in ipairs(secrets(p)) do if not taken[c] then opts[#opts + 1] = "secret:" .. c end end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "te.black_market_give", q = L.pn(q) }, opts)
    if pick == "done" then break end
    local kind, id = pick:match("^(%a+):(.+)$")
    taken[id] = true
    give[#give + 1] = { kind = kind, id = id }
  end
  -- What p asks for: relics by name, action cards and secrets by number.
  local ask_relics, ask_cards, ask_secrets = {}, 0, 0
  while true do
    local opts = { "done" }
    for _, c in ipairs(L.te_relics_of(q)) do if not taken[c] then opts[#opts + 1] = "relic:" .. c end end
    if cards and ask_cards < game.zone_count("actions:" .. q) then opts[#opts + 1] = "action_card" end
    if ask_secrets < #secrets(q) then opts[#opts + 1] = "secret_objective" end
    if #opts == 1 then break end
    local pick = game.choose(p, { key = "te.black_market_ask", q = L.pn(q) }, opts)
    if pick == "done" then break end
    if pick == "action_card" then ask_cards = ask_cards + 1
    elseif pick == "secret_objective" then ask_secrets = ask_secrets + 1
    else
      local id = pick:sub(7)
      taken[id] = true
      ask_relics[#ask_relics + 1] = id
    end
  end
  local n = #give + #ask_relics + ask_cards + ask_secrets
  if n == 0 then return other end
  local gave = {}
  for _, g in ipairs(give) do
    if g.kind == "relic" then gave[#gave + 1] = L.name("relics", g.id)
    elseif g.kind == "action" then gave[#gave + 1] = L.name("action_cards", g.id)
    else gave[#gave + 1] = { key = "te.a_secret_objective" } end
  end
  local asked = {}
  for _, id in ipairs(ask_relics) do asked[#asked + 1] = L.name("relics", id) end
  if ask_cards > 0 then asked[#asked + 1] = { key = "te.n_action_cards", n = ask_cards } end
  if ask_secrets > 0 then asked[#asked + 1] = { key = "te.n_secret_objectives", n = ask_secrets } end
  return {
    n = (other and other.n or 0) + n,
    terms = { key = "te.trade_terms_black_market", goods = other and other.terms or terms,
      give = #gave > 0 and gave or { key = "te.nothing" }, ask = #asked > 0 and asked or { key = "te.nothing" } },
    exchange = function()
      if other then other.exchange() end
      -- The other player picks the action cards and secrets asked of them first.
      local back_cards, back_secrets = {}, {}
      for _ = 1, ask_cards do
        local opts = {}
        for _, c in ipairs(game.zone("actions:" .. q)) do
          local dup = false
          for _, x in ipairs(back_cards) do if x == c then dup = true end end
          if not dup then opts[#opts + 1] = c end
        end
        table.sort(opts)
        if #opts == 0 then break end
        back_cards[#back_cards + 1] = game.choose(q, { key = "ti4.action_card_to_give", q = L.pn(p) }, opts)
      end
      for _ = 1, ask_secrets do
        local opts = {}
        for _, c in ipairs(secrets(q)) do
          local dup = false
          for _, x in ipairs(back_secrets) do if x == c then dup = true end end
          if not dup then opts[#opts + 1] = c end
        end
        if #opts == 0 then break end
        back_secrets[#back_secrets + 1] = game.choose(q, { key = "te.secret_to_give", q = L.pn(p) }, opts)
      end
      for _, g in ipairs(give) do
        if g.kind == "relic" then L.te_give_relic(p, q, g.id)
        elseif g.kind == "action" then game.move_card(g.id, "actions:" .. p, "actions:" .. q)
        else game.move_card(g.id, "secrets:" .. p, "secrets:" .. q) end
      end
      for _, id in ipairs(ask_relics) do L.te_give_relic(q, p, id) end
      for _, c in ipairs(back_cards) do game.move_card(c, "actions:" .. q, "actions:" .. p) end
      for _, c in ipairs(back_secrets) do game.move_card(c, "secrets:" .. q, "secrets:" .. p) end
      game.log({ key = "te.black_market_done", p = L.pn(p), q = L.pn(q), n = n })
      game.call("hand_limit", p)
      game.call("hand_limit", q)
    end,
  }
end

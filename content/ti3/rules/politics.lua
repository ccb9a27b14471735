-- Trade agreements, political votes and Diplomacy's peace.
local L = game.lib

-- Trade agreements: each race has two trade contracts (values on its race
-- sheet). An agreement between two players swaps one contract each; a player
-- collects the value of the other player's contract he holds.
local function agreements()
  return game.get("game", nil, "agreements") or {}
end

local function free_contract(p)
  local used = {}
  for _, a in ipairs(agreements()) do
    if a.a == p then used[a.ai] = true end
    if a.b == p then used[a.bi] = true end
  end
  local race = L.faction(p)
  for i = 1, #(race and race.trade_agreements or {}) do
    if not used[i] then return i end
  end
  return nil
end

-- Income from p's active agreements: the values of the other players'
-- contracts p holds (races.lua adds the per-agreement bonuses).
function L.trade_income(p)
  local n = 0
  for _, a in ipairs(agreements()) do
    if a.a == p and not a.fresh then n = n + L.contract_value(a.b, L.faction(a.b).trade_agreements[a.bi]) end
    if a.b == p and not a.fresh then n = n + L.contract_value(a.a, L.faction(a.a).trade_agreements[a.ai]) end
  end
  return n
end

-- An agreement formed in trade negotiations pays nothing in the strategic
-- action that formed it: the Trade holder cannot make one and collect it at
-- once, nor can another player through the secondary (TI3 rulebook, as
-- quoted by players). It is marked `fresh` until that action ends.
-- hook: whether an agreement formed now in negotiations opened by `holder` waits for the end of the strategic action before it pays; default: yes (a variant whose agreements pay otherwise says no).
function L.new_agreement_waits(holder) return true end

local function settle_fresh()
  local list, changed = agreements(), false
  for _, a in ipairs(list) do
    if a.fresh then a.fresh = nil; changed = true end
  end
  if changed then game.put("game", nil, "agreements", list) end
end
game.on("after:strategic_action", settle_fresh, { plain = true })
game.on("turn_end", settle_fresh, { plain = true })

function L.trade_partners(p)
  local out = {}
  for _, a in ipairs(agreements()) do
    if a.a == p then out[#out + 1] = a.b end
    if a.b == p then out[#out + 1] = a.a end
  end
  table.sort(out)
  return out
end

-- p collects his trade agreements' income; then `trade_collected` opens.
function L.collect_trade(p)
  local n = L.trade_income(p)
  if n > 0 then
    L.gain_tg(p, n, "trade agreements")
    game.window("trade_collected", { player = p, tg = n })
  end
end

function L.break_agreements()
  game.put("game", nil, "agreements", {})
  game.log({ key = "ti3.all_agreements_broken" })
end

local function has_agreement(p, q)
  for _, a in ipairs(agreements()) do
    if (a.a == p and a.b == q) or (a.a == q and a.b == p) then return true end
  end
  return false
end

-- War breaks trade: when two players fight a space battle or an invasion
-- combat against each other, the trade agreement between them is broken as
-- the combat begins (even a Hacan one: their agreements can be
-- broken by war only). Firing PDS or playing action cards at each other is
-- not war (our reading, with the preeminent.org TI3 walkthrough; the TI3
-- rulebook text is not in the public sources).

-- hook: whether a combat between p and q breaks the trade agreement between them; default: yes (a variant with its own trigger, like Shattered Ascension's hostile acts, says no).
function L.combat_breaks_agreement(p, q) return true end

-- Breaks the agreement between p and q, if they have one; returns whether one was broken.
function L.break_agreement_between(p, q)
  local keep, broke = {}, false
  for _, a in ipairs(agreements()) do
    if (a.a == p and a.b == q) or (a.a == q and a.b == p) then broke = true else keep[#keep + 1] = a end
  end
  if not broke then return false end
  game.put("game", nil, "agreements", keep)
  game.log({ key = "ti3.agreement_broken_by_war", p = L.pn(p), q = L.pn(q) })
  return true
end

local function war(a, d)
  if a and d and a ~= d and has_agreement(a, d) and L.combat_breaks_agreement(a, d) then
    L.break_agreement_between(a, d)
  end
end
local function no_war(board)
  local a, d = board.attacker, board.defender
  return not (a and d and has_agreement(a, d))
end
-- A space battle: as soon as it begins (before any barrage or ambush, even
-- if the defender then slips away before the first round).
game.on("before:space_combat", function(ctx)
  local a = ctx.player
  war(a, ctx.defender or (a and ctx.system and L.enemies_in(a, ctx.system)[1]))
end, { plain = no_war })
-- An invasion combat: as its first round starts.
game.on("combat_round_start", function(rc)
  if rc.ground and rc.round == 1 then war(rc.attacker, rc.defender) end
end, { plain = no_war })

-- Negotiations: from the Trade holder clockwise, each player with a free
-- contract may propose an agreement to another such player; the other
-- accepts or not; the Trade holder approves agreements he is not part of,
-- unless one of the two has the flag `trade_no_approval` (Hacan: their
-- agreements need nobody's approval).
function L.negotiate(holder)
  for _, p in ipairs(L.order_from(holder)) do
    if free_contract(p) then
      local opts = { "none" }
      for q = 1, game.num_players() do
        if q ~= p and free_contract(q) and not has_agreement(p, q) and L.may_trade_with(p, q) then opts[#opts + 1] = L.pn(q) end
      end
      local pick = game.choose(p, { key = "ti3.propose_trade_agreement" }, opts)
      if pick ~= "none" then
        local q = tonumber(pick:sub(2))
        local ok = game.choose(q, { key = "ti3.proposes_trade_agreement", p = L.pn(p) }, { "accept", "decline" }) == "accept"
        local free = L.flag(p, "trade_no_approval") > 0 or L.flag(q, "trade_no_approval") > 0
        if ok and holder ~= p and holder ~= q and not free then
          ok = game.choose(holder, { key = "ti3.approve_agreement", p = L.pn(p), q = L.pn(q) }, { "approve", "refuse" }) == "approve"
        end
        if ok then
          local list = agreements()
          list[#list + 1] = { a = p, ai = free_contract(p), b = q, bi = free_contract(q), fresh = L.new_agreement_waits(holder) or nil }
          game.put("game", nil, "agreements", list)
          game.log({ key = "ti3.make_trade_agreement", p = L.pn(p), q = L.pn(q) })
        end
      end
    end
  end
end

-- hook: whether p may not take part in the vote on agenda id (he abstains without being asked); default: p was barred for this round (player prop vote_barred_round, set by Thugs).
function L.vote_barred(p, id)
  local r = game.get("player", p, "vote_barred_round")
  return r ~= nil and r == (game.get("game", nil, "round") or 0)
end

-- A barred player abstains (the shared voting step asks L.forced_vote).
local base_forced_vote = L.forced_vote
function L.forced_vote(p, id, opts)
  if L.vote_barred(p, id) then return "abstain" end
  return base_forced_vote(p, id, opts)
end

-- Reveals the top political card and votes on it (the shared voting step).
-- political_primary: the player whose Political primary draws this card
-- (the step's ctx.political_primary; nil for any other vote).
function L.political_vote(political_primary)
  game.step("agenda", { coll = "political_cards", deck = "deck:politics", discard_zone = "discard:politics", laws = "laws",
    political_primary = political_primary })
end

-- Diplomacy's peace: no activation of systems holding the other's units.
-- (Whether p is at peace with an owner is read once per owner, not once per
-- unit: the question changes nothing.)
local base_activatable = L.activatable
function L.activatable(p)
  local out = {}
  local at_peace = {}
  for _, s in ipairs(base_activatable(p)) do
    local ok = true
    for _, u in ipairs(game.units { system = s, not_owner = p }) do
      local q = u.owner
      if at_peace[q] == nil then at_peace[q] = game.get("game", nil, "peace:" .. p .. ":" .. q) and true or false end
      if at_peace[q] then ok = false end
    end
    if ok then out[#out + 1] = s end
  end
  return out
end

-- A system chosen by other means (a card, a script) is checked too.
local base_activation = game.procedure_fn("activation")
procedure("activation", function(ctx)
  local p, s = ctx.player, ctx.system
  if s then
    for _, u in ipairs(game.units { system = s, not_owner = p }) do
      if game.get("game", nil, "peace:" .. p .. ":" .. u.owner) then
        error(L.pn(p) .. " cannot activate " .. L.sysname(s) .. ": it holds units of " .. L.pn(u.owner) .. ", with whom it is at peace (Diplomacy)")
      end
    end
  end
  return base_activation(ctx)
end)

-- Peace and free secondaries last one round: return_strategy_cards
-- (round.lua) clears them. (A wrapper here would not work: this file loads
-- before round.lua, which defines that procedure.)

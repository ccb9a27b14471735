-- The Thunder's Edge expedition: six slices, each with its own cost. At the
-- end of their turn a player may claim one unclaimed slice by paying its
-- cost; a control token marks it. A player's first slice gives their
-- breakthrough. The last slice completes the expedition: its claimer puts
-- Thunder's Edge (the planet) into a system without planets, supernova or
-- printed wormhole, outside The Fracture; then the player with the most
-- slices (a tie: the last claimer chooses among the tied) puts that many
-- infantry on it.
local L = game.lib

-- The text of each slice's cost.
L.TE_SLICE_KEYS = {
  resources = "te.slice.resources", influence = "te.slice.influence", trade_goods = "te.slice.trade_goods",
  action_cards = "te.slice.action_cards", secret_objective = "te.slice.secret_objective",
  specialty_planet = "te.slice.specialty_planet",
}
--- The expedition's slices, in the booklet's order.
L.TE_SLICES = { "resources", "influence", "trade_goods", "action_cards", "secret_objective", "specialty_planet" }

--- Who claimed slice `id` (a player), or nil.
function L.te_slice_owner(id) return game.get("game", nil, "te_slice:" .. id) end

--- How many slices p has claimed.
function L.te_slices_of(p)
  local n = 0
  for _, id in ipairs(L.TE_SLICES) do if L.te_slice_owner(id) == p then n = n + 1 end end
  return n
end

local function unscored_secrets(p) return game.zone("secrets:" .. p) end

local function specialty_planets(p)
  local out = {}
  for _, pl in ipairs(L.ready_planets(p)) do
    if #L.planet_specialties(pl) > 0 then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

--- Whether p can pay the cost of slice `id` now.
function L.te_can_pay_slice(p, id)
  if id == "resources" then return L.spendable(p, "resources") >= 5 end
  if id == "influence" then return L.spendable(p, "influence") >= 5 end
  if id == "trade_goods" then return game.counter(p, "tg") >= 3 end
  if id == "action_cards" then return game.zone_count("actions:" .. p) >= 2 end
  if id == "secret_objective" then return #unscored_secrets(p) >= 1 end
  if id == "specialty_planet" then return #specialty_planets(p) >= 1 end
  return false
end

--- p pays the cost of slice `id`.
function L.te_pay_slice(p, id)
  if id == "resources" then return L.pay(p, 5, "resources") end
  if id == "influence" then return L.pay(p, 5, "influence") end
  if id == "trade_goods" then
    game.add(p, "tg", -3)
    game.log({ key = "te.spends_tg", p = L.pn(p), n = 3 })
    return true
  end
  if id == "action_cards" then
    for _ = 1, 2 do
      local c = game.choose(p, { key = "te.action_card_to_discard" }, game.zone("actions:" .. p))
      L.discard_action_card(p, c)
      game.log({ key = "te.discards_action_card", p = L.pn(p), card = L.name("action_cards", c) })
    end
    return true
  end
  if id == "secret_objective" then
    local c = game.choose(p, { key = "te.secret_to_discard" }, unscored_secrets(p))
    game.move_card(c, "secrets:" .. p, "discard:secrets")
    game.log({ key = "te.discards_secret", p = L.pn(p) })
    return true
  end
  if id == "specialty_planet" then
    local pl = game.choose(p, { key = "te.planet_to_exhaust" }, specialty_planets(p))
    game.exhaust(pl, true)
    game.log({ key = "te.exhausts_planet", p = L.pn(p), planet = L.name("planets", pl) })
    return true
  end
  return false
end

--- Systems where Thunder's Edge may go: no planet, no supernova, no printed wormhole, not in The Fracture.
function L.te_edge_systems()
  local out = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)]
    local hex = game.system(s).hex
    if d and hex and #game.planets_of(s) == 0 and d.anomaly ~= "supernova"
      and #(d.wormholes or {}) == 0 and not d.fracture then
      out[#out + 1] = hex
    end
  end
  table.sort(out)
  return out
end

--- The last claimer p completes the expedition.
function L.te_complete_expedition(p)
  game.put("game", nil, "te_expedition", nil)
  game.log({ key = "te.expedition_complete", p = L.pn(p) })
  local opts = L.te_edge_systems()
  if #opts == 0 then
    game.log({ key = "te.no_edge_system" })
    return
  end
  local pick = game.choose(p, { key = "te.edge_system" }, opts)
  local s = game.system_at(pick)
  game.add_planet("thunders_edge", s)
  game.put("game", nil, "te_edge_system", s)
  game.log({ key = "te.edge_placed", p = L.pn(p), system = L.sysname(s) })
  -- The most slices; a tie is decided by the last claimer.
  local best, tied = 0, {}
  for q = 1, game.num_players() do
    local n = L.te_slices_of(q)
    if n > best then best, tied = n, { q } elseif n == best then tied[#tied + 1] = q end
  end
  local who = tied[1]
  if #tied > 1 then
    local o = {}
    for _, q in ipairs(tied) do o[#o + 1] = L.pn(q) end
    who = tonumber(game.choose(p, { key = "te.edge_tie", n = best }, o):sub(2))
  end
  local room = (L.def(who, "infantry").limit or 99) - game.count_units { owner = who, kind = "infantry" }
  local n = math.min(best, math.max(room, 0))
  for _ = 1, n do game.spawn("infantry", who, { planet = "thunders_edge" }) end
  game.log({ key = "te.edge_infantry", p = L.pn(who), n = n })
  if n > 0 then L.take_control(who, "thunders_edge", true) end
end

--- p claims slice `id` (cost paid by the caller).
function L.te_claim_slice(p, id)
  local first = L.te_slices_of(p) == 0
  game.put("game", nil, "te_slice:" .. id, p)
  game.log({ key = "te.claims_slice", p = L.pn(p), slice = { key = L.TE_SLICE_KEYS[id] } })
  game.window("expedition_slice_claimed", { player = p, slice = id })
  if first then L.te_gain_breakthrough(p) end
  for _, x in ipairs(L.TE_SLICES) do
    if not L.te_slice_owner(x) then return end
  end
  L.te_complete_expedition(p)
end

-- An eliminated player's control tokens go to the box (LRR 33.2), those on
-- the expedition's slices too: the slices are unclaimed again (our reading)
-- and the player never counts for the most slices.
local base_eliminate = L.eliminate
function L.eliminate(p)
  for _, id in ipairs(L.TE_SLICES) do
    if L.te_slice_owner(id) == p then game.put("game", nil, "te_slice:" .. id, nil) end
  end
  return base_eliminate(p)
end

--- The slices p may claim now (unclaimed, cost payable).
function L.te_claimable(p)
  local out = {}
  if not game.get("game", nil, "te_expedition") then return out end
  for _, id in ipairs(L.TE_SLICES) do
    if not L.te_slice_owner(id) and L.te_can_pay_slice(p, id) then out[#out + 1] = id end
  end
  return out
end

-- At the end of their turn a player may commit to the expedition.
game.on("turn_end", function(ctx)
  local p = ctx.player
  local opts = L.te_claimable(p)
  if #opts == 0 then return end
  table.insert(opts, 1, "none")
  local pick = game.choose(p, { key = "te.expedition_slice" }, opts)
  if pick == "none" then return end
  if L.te_pay_slice(p, pick) then L.te_claim_slice(p, pick) end
end)

-- Shattered Ascension v4.5 (seed 000, Appendix I 4/5 "Races" and 5/5
-- "Race-specific Technology Acquisition").
--
-- The seed sends the race changes themselves to the race sheets on the SA
-- web page, which the public sources do not hold: the TI3 races, abilities
-- and racial technologies stay as the ti3 pack has them (see races.yaml).
--
-- What the seed does say, and this file does:
--   * Racial technologies are not bought with the Technology strategy card.
--     (The ti3 card offers them unless the flag no_racial_tech_purchase is
--     set: in sa-en L.flag reports it for everybody; L.sa_base_flag is the
--     value without that.)
--   * They are bought in the status phase, for their printed cost, plus the
--     printed cost of every racial technology the player already has, minus
--     the player's current victory points (never below 0). Several may be
--     bought one after the other, each raising the next. With the Ascendancy
--     option (another part of the pack) the discount is half the victory
--     points, rounded up (seed, "Ascendancy Race-Tech acquisition").
--     Rulebook example: costs 4, 3 and 6, the first two owned, 5 VP: the last
--     costs 6 + 4 + 3 - 5 = 8 (tests/races_purchase_example.yaml).
--   * They are not technology advances and do not count toward objectives:
--     they are a collection of their own (racial_techs), never `techs`, so the
--     technology objectives and prerequisites never see them.
--
-- When in the status phase: the seed says "step c, see race sheets", and
-- the race sheets are not in the public sources. We buy them in their own
-- step, sa_racial_purchase, right before the planets are refreshed
-- (ready_cards): after the objectives (so this round's points lower the
-- price) and while this round's unspent resources are still there. (The later
-- SA rulebook has the same place: claim objectives, feedback, produce trade
-- goods, unlock racial upgrades, refresh planets.) Paid in resources (ready
-- planets, then trade goods, as every TI3 resource payment). Players buy in
-- rotation order from the speaker.
--
-- Which racial technologies a race may buy: those listed for it in
-- races.yaml whose script is in place (status not_implemented are left out),
-- of both the Shattered Empire and the Shards of the Throne sets: SA gives
-- each race its own three cards (seed, "7 cards total per race"), which we do
-- not have; the TI3 cards stand in for them. UNCERTAIN.
local L = game.lib
local R = {}
L.sa_races = R

local function opt(id) return game.options[id] end

-- The Technology strategy card never offers racial technologies in SA.
local base_flag = L.flag
L.sa_base_flag = base_flag
function L.flag(p, name)
  if name == "no_racial_tech_purchase" then return base_flag(p, name) + 1 end
  return base_flag(p, name)
end

-- The racial technologies p's race may buy (ids), in the order races.yaml
-- lists them.
function L.sa_racial_techs(p)
  local race = L.faction(p)
  local out = {}
  for _, id in ipairs(race and race.racial_techs or {}) do
    local d = game.data.racial_techs[id]
    -- (A card removed from the game, player prop racial_removed:<id>, as Nova Seed is once used, is not offered again.)
    if d and d.status ~= "not_implemented" and not game.get("player", p, "racial_removed:" .. id) then out[#out + 1] = id end
  end
  return out
end

-- The discount the player's victory points give.
function R.discount(p)
  local vp = math.max(0, game.counter(p, "vp"))
  if opt("ascendancy") then return math.ceil(vp / 2) end
  return vp
end

-- The cost formula: printed cost + printed costs of those already owned -
-- the discount, at least 0.
function R.cost_of(printed, owned_costs, discount)
  local c = printed
  for _, x in ipairs(owned_costs) do c = c + x end
  return math.max(0, c - discount)
end

function L.sa_racial_cost(p, id)
  local owned = {}
  for _, r in ipairs(game.holdings(p, "racial_techs")) do
    local d = game.data.racial_techs[r]
    if d and r ~= id then owned[#owned + 1] = d.cost or 0 end
  end
  table.sort(owned)
  return R.cost_of(game.data.racial_techs[id].cost or 0, owned, R.discount(p))
end

-- What p may buy now: {id, cost} sorted by id.
function R.offers(p)
  local out = {}
  if base_flag(p, "no_racial_tech_purchase") > 0 then return out end
  local money = L.spendable(p, "resources")
  for _, id in ipairs(L.sa_racial_techs(p)) do
    if not game.holds(p, "racial_techs", id) then
      local c = L.sa_racial_cost(p, id)
      if c <= money then out[#out + 1] = { id = id, cost = c } end
    end
  end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

function R.buy(p, id)
  local c = L.sa_racial_cost(p, id)
  if not L.pay(p, c, "resources") then error(L.pn(p) .. " cannot pay " .. c .. " resources for " .. id) end
  game.grant(p, "racial_techs", id)
  L.reset_cache()
  game.log({ key = "sa.acquires_racial_tech", p = L.pn(p), tech = L.name("racial_techs", id), n = c })
end

procedure("sa_racial_purchase", function(ctx)
  for _, p in ipairs(L.order_from(L.speaker())) do
    for _ = 1, 20 do
      local offers = R.offers(p)
      if #offers == 0 then break end
      local opts = { "none" }
      for _, o in ipairs(offers) do opts[#opts + 1] = o.id .. " (" .. o.cost .. ")" end
      local pick = game.choose(p, { key = "sa.buy_racial_tech" }, opts)
      if pick == "none" then break end
      R.buy(p, pick:match("^([%w_]+)"))
    end
  end
end)

local base_ready = game.procedure_fn("ready_cards")
procedure("ready_cards", function(ctx)
  game.step("sa_racial_purchase", ctx or {})
  return base_ready(ctx)
end)

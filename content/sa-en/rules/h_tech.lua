-- Shattered Ascension v4.5: technologies (seed 000, Appendix I 4/5
-- "Technology", 5/5 "Artifact Research"; the tree changes are in techs.yaml).
--
--   * Unit changes of the SA technologies (techs.yaml fields):
--       bombardment_grant {unit type: dice}: those units may bombard, hitting on
--         their combat value (Graviton Negator: fighters and cruisers, 1 die);
--       bombardment_bonus N: +N on every bombardment roll of the player.
--   * votes_bonus N: N more votes (XenoPsychology).
--   * Technology costs. A technology specialty lowers by 1 the cost of buying
--     a technology of its colour while its planet is ready (TI3; the later SA
--     rulebook words it so too). The seed adds: an SE artifact works as a
--     technology specialty of its colour (tokens.yaml gives the colours) for
--     the player who controls its planet, even while the planet is exhausted,
--     and a Scientist on the same planet (or in the same system) doubles it;
--     a specialty planet's discount doubles "as usual", with the Scientist
--     standing on that planet (not aboard a ship in its system). Artifacts do not count for the objectives about technology
--     specialty planets (they read the planets' own specialty: unchanged).
--     L.sa_tech_cost(p, id, cost) gives the cost after these discounts
--     (never below 0); the Technology strategy card's part of the pack is the
--     one to call it (the ti3 card charges a flat 8 and has no discounts).
--     Scientists: a planet or system the Leaders part of the pack marks with
--     L.sa_scientist_at(p, planet) counts twice.
local L = game.lib
local TT = {}
L.sa_tech = TT

local function held_techs(p)
  local out = {}
  if type(p) ~= "number" then return out end
  for _, id in ipairs(game.holdings(p, "techs")) do
    local d = game.data.techs[id]
    if d then out[#out + 1] = d end
  end
  return out
end

---------------------------------------------------------------------------
-- Bombardment from technologies.
local base_def = L.def
local bcache = {}
local base_reset = L.reset_cache
function L.reset_cache()
  bcache = {}
  base_reset()
end

local function bombard_mods(p)
  local grant, bonus = nil, 0
  for _, d in ipairs(held_techs(p)) do
    if d.bombardment_grant then
      grant = grant or {}
      for _, t in ipairs(game.keys(d.bombardment_grant)) do grant[t] = (grant[t] or 0) + d.bombardment_grant[t] end
    end
    bonus = bonus + (d.bombardment_bonus or 0)
  end
  return grant, bonus
end

-- (bcache[p][t] = {src = the definition below this one, def = ours}: a
-- table per player rather than a "p:t" string key, which L.def, asked very
-- often, would build on every call.)
function L.def(p, t)
  local d = base_def(p, t)
  if type(p) ~= "number" then return d end
  local pc = bcache[p]
  if not pc then pc = {}; bcache[p] = pc end
  local c = pc[t]
  if c and c.src == d then return c.def end
  local grant, bonus = bombard_mods(p)
  local ty = d.type or t
  local out = d
  if (grant and grant[ty] and not d.bombardment) or (bonus ~= 0 and (d.bombardment or (grant and grant[ty]))) then
    out = {}
    for k, v in pairs(d) do out[k] = v end
    local b = d.bombardment and { hit = d.bombardment.hit, dice = d.bombardment.dice } or nil
    if not b and grant and grant[ty] and d.combat then b = { hit = d.combat, dice = grant[ty] } end
    if b then b.hit = b.hit - bonus end
    out.bombardment = b
  end
  pc[t] = { src = d, def = out }
  return out
end

---------------------------------------------------------------------------
-- Votes.
local base_votes = L.votes
if base_votes then
  function L.votes(p)
    local v = base_votes(p)
    for _, d in ipairs(held_techs(p)) do v = v + (d.votes_bonus or 0) end
    return v
  end
end

---------------------------------------------------------------------------
-- Technology specialties and artifacts.

-- Artifacts p controls (planet ids) whose token has colour `color`.
function TT.artifacts(p, color)
  local out = {}
  local B = L.optb
  if not (game.options.artifacts and B) then return out end
  for _, pl in ipairs(game.get("game", nil, "se_artifact_planets") or {}) do
    local token = B.artifact(pl)
    local d = token and game.data.se_artifacts_b[token]
    if d and d.color == color and game.planet_owner(pl) == p then out[#out + 1] = pl end
  end
  return out
end

-- A scientist doubles an artifact standing on its planet or in its system
-- (seed 000, Artifact Research), a specialty planet "as usual": standing on
-- that planet (ti3's rule).
local function scientist(p, pl)
  return L.sa_scientist_at(p, pl) and true or false
end

local function scientist_on(p, pl)
  return L.opta ~= nil and #L.opta.on_planet(p, pl, "scientist") > 0
end

-- How much the specialties and artifacts of `color` take off p's cost.
function L.sa_tech_discount(p, color)
  if not color then return 0 end
  local n = 0
  for _, pl in ipairs(L.ready_planets(p)) do
    if L.pdef(pl).specialty == color then n = n + (scientist_on(p, pl) and 2 or 1) end
  end
  for _, pl in ipairs(TT.artifacts(p, color)) do n = n + (scientist(p, pl) and 2 or 1) end
  return n
end

-- The credit of one planet toward a technology of `color` (ti3's hook, for
-- the cards that raise it): as above, a ready planet of that specialty.
function L.specialty_credit(p, pl, color)
  if not color or L.pdef(pl).specialty ~= color or game.exhausted(pl) then return nil end
  return scientist_on(p, pl) and 2 or 1
end

function L.sa_tech_cost(p, id, cost)
  local d = game.data.techs[id]
  return math.max(0, cost - L.sa_tech_discount(p, d and d.color))
end

-- Research through the Technology strategy cards (effects/strategy/
-- technology.lua, technology_ii.lua of this pack, which replace ti3's): p
-- picks one technology whose prerequisites he meets and pays its price from
-- L.sa_tech_cost(p, id, cost). The price is worked out before paying, so a
-- ready specialty planet still counts if it is then exhausted to pay (our
-- reading: the discount needs the planet ready when the technology is
-- bought). Racial technologies are never offered here (rules/i_races.lua:
-- they are bought in the status phase).
--
-- Before the offer the research_offer window (ti3's) lets cards played just
-- before a purchase lower the price of a colour (ctx.discount) or let a
-- technology missing one prerequisite be bought for more
-- (ctx.waive_prerequisite), or any technology whatever prerequisites it lacks
-- (ctx.ignore_prerequisites: Inheritance Systems, bought as a racial
-- upgrade), as in ti3.
local function offer_price(p, t, c, offer)
  local d = game.data.techs[t]
  local off = d and d.color and offer.discount and offer.discount[d.color] or 0
  if off ~= 0 then c = math.max(0, c - off) end
  return c
end

function L.sa_research(p, cost, prompt)
  local opts, prices = {}, {}
  local have = L.spendable(p, "resources")
  local offer = game.window("research_offer", { player = p, cost = cost, discount = {} })
  -- (cost > 0: a purchase, which ti3's bans on purchases bar.)
  local function may(t) return cost <= 0 or not L.tech_purchase_barred(p, t) end
  for _, t in ipairs(L.researchable(p)) do
    local c = offer_price(p, t, cost > 0 and L.sa_tech_cost(p, t, cost) or 0, offer)
    if have >= c and may(t) then opts[#opts + 1] = t; prices[t] = c end
  end
  if offer.waive_prerequisite then
    for _, t in ipairs(game.keys(game.data.techs)) do
      if not prices[t] and L.one_prerequisite_missing(p, t) and may(t) then
        local c = offer_price(p, t, (cost > 0 and L.sa_tech_cost(p, t, cost) or 0) + offer.waive_prerequisite, offer)
        if have >= c then opts[#opts + 1] = t; prices[t] = c end
      end
    end
  end
  if offer.ignore_prerequisites then
    for _, t in ipairs(game.keys(game.data.techs)) do
      if not game.holds(p, "techs", t) and not L.tech_barred(p, t) and not L.can_research(p, t) and may(t) then
        local c = offer_price(p, t, (cost > 0 and L.sa_tech_cost(p, t, cost) or 0) + offer.ignore_prerequisites, offer)
        if have >= c and (not prices[t] or c < prices[t]) then
          if not prices[t] then opts[#opts + 1] = t end
          prices[t] = c
        end
      end
    end
  end
  if #opts == 0 then return nil end
  opts[#opts + 1] = "none"
  local pick = game.choose(p, prompt or { key = "sa.research" }, opts)
  if pick == "none" then return nil end
  local c = prices[pick]
  local lacking = offer.ignore_prerequisites and not L.can_research(p, pick)
  if c < cost then
    game.log({ key = "sa.tech_discount", p = L.pn(p), n = c, cost = cost, tech = L.name("techs", pick) })
  end
  if c > 0 then L.pay(p, c, "resources") end
  if lacking then
    game.log({ key = "ti3.ignores_prerequisites", p = L.pn(p), tech = L.name("techs", pick), n = offer.ignore_prerequisites })
  end
  L.gain_tech(p, pick)
  return pick
end

-- Gen Synthesis's return roll: SA keeps "ground force" apart from shock
-- troops (its "Infantry" covers both), so only ground forces roll (ti3's
-- hook lets shock troops roll too).
function L.gen_synthesis_returns(p, ty) return ty == "ground_force" end

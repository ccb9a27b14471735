-- TI3 technologies: AND/OR prerequisites, and technologies that change unit
-- numbers (combat, move, capacity, space cannon range, barrage, production)
-- applied to the unit definitions a player uses.
local L = game.lib

local function banned(p, id, purchase)
  local bans = game.get("game", nil, "tech_bans")
  if not bans then return false end
  local round = game.get("game", nil, "round") or 0
  local d = game.data.techs[id]
  local color = d and d.color
  for _, b in ipairs(bans) do
    if b.round == round and (b.player == nil or b.player == p) and (b.color == nil or b.color == color)
      and (purchase or not b.purchase) then return true end
  end
  return false
end

-- hook: whether p may not gain technology id now (neither acquire nor buy it; an id that is no technology: a racial technology); default: a ban of this round in the game prop tech_bans (L.bar_technology) that is not on purchases only.
function L.tech_barred(p, id)
  return banned(p, id, false)
end

-- hook: whether p may not buy technology id now (spend resources to receive it: the Technology secondary, a bought second technology, a racial technology, Alien Technology), though he might gain it for free; default: L.tech_barred, or a ban of this round on purchases (L.bar_technology with `purchase`: Technology Investigation Committee).
function L.tech_purchase_barred(p, id)
  return L.tech_barred(p, id) or banned(p, id, true)
end

-- For the rest of this round, `player` (nil: every player) may not gain
-- technologies (of colour `color`; nil: any, racial ones too); with
-- `purchase` true, only buying them is barred (L.tech_purchase_barred).
function L.bar_technology(player, color, purchase)
  local bans = game.get("game", nil, "tech_bans") or {}
  local round = game.get("game", nil, "round") or 0
  local keep = {}
  for _, b in ipairs(bans) do if b.round == round then keep[#keep + 1] = b end end
  keep[#keep + 1] = { round = round, player = player, color = color, purchase = purchase or nil }
  game.put("game", nil, "tech_bans", keep)
end

function L.can_research(p, id)
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) then return false end
  if L.tech_barred(p, id) then return false end
  for _, r in ipairs(d.requires or {}) do
    if not game.holds(p, "techs", r) then return false end
  end
  local any = d.requires_any or {}
  if #any > 0 then
    local ok = false
    for _, r in ipairs(any) do if game.holds(p, "techs", r) then ok = true end end
    if not ok then return false end
  end
  return true
end

function L.gain_tech(p, id)
  game.grant(p, "techs", id)
  L.reset_cache()
  game.log({ key = "ti3.researches", p = L.pn(p), tech = L.name("techs", id) })
  game.window("tech_gained", { player = p, tech = id })
end

-- Unit definitions with the player's technologies applied. A modified copy
-- per player and unit type, rebuilt when technologies change (L.reset_cache).
local base_def = L.def
local cache = {}
local reset = L.reset_cache
function L.reset_cache()
  cache = {}
  reset()
end

local copy = L.deep_copy

function L.def(p, t)
  local c = cache[p]
  if not c then c = {}; cache[p] = c end
  local d = c[t]
  if d then return d end
  d = base_def(p, t)
  local changed = nil
  for _, id in ipairs(game.holdings(p, "techs")) do
    local tech = game.data.techs[id]
    local ty = d.type or t
    if tech then
      if not changed and (tech.combat_bonus or tech.move_bonus or tech.move_set or tech.capacity_bonus or tech.afb_bonus or tech.space_cannon_range or tech.production_bonus) then
        changed = copy(d)
      end
      if changed then
        if tech.combat_bonus and tech.combat_bonus[ty] then
          local b = tech.combat_bonus[ty]
          if changed.combat then changed.combat = changed.combat - b end
          -- A destroyer's anti-fighter barrage is rolled at its combat
          -- value, so a bonus to its combat rolls (Hylar V) applies to the
          -- barrage too (our reading of TI3; the ebonical TI3 battle data
          -- models it the same way: the barrage uses the destroyer's battle
          -- value with every "combat" modifier).
          if changed.anti_fighter_barrage then changed.anti_fighter_barrage.hit = changed.anti_fighter_barrage.hit - b end
          -- (PDS have no combat value: Magen Defense Grid's +1 on PDS rolls is
          -- applied by races.lua's L.fire_cannons.)
        end
        if tech.move_set and tech.move_set[ty] then changed.move = tech.move_set[ty] end
        if tech.move_bonus and tech.move_bonus[ty] and changed.move then changed.move = changed.move + tech.move_bonus[ty] end
        if tech.capacity_bonus and tech.capacity_bonus[ty] then changed.capacity = (changed.capacity or 0) + tech.capacity_bonus[ty] end
        if tech.afb_bonus and tech.afb_bonus[ty] and changed.anti_fighter_barrage then
          local b = tech.afb_bonus[ty]
          changed.anti_fighter_barrage.hit = changed.anti_fighter_barrage.hit - (b.modifier or 0)
          changed.anti_fighter_barrage.dice = changed.anti_fighter_barrage.dice + (b.dice or 0)
        end
        if tech.space_cannon_range and changed.space_cannon then changed.space_cannon.range = tech.space_cannon_range end
        if tech.production_bonus and type(changed.production) == "table" then
          changed.production.plus_resources = (changed.production.plus_resources or 0) + tech.production_bonus
        end
      end
    end
  end
  d = changed or d
  c[t] = d
  return d
end

function L.researchable(p)
  local out = {}
  for _, id in ipairs(game.keys(game.data.techs)) do
    if L.can_research(p, id) then out[#out + 1] = id end
  end
  return out
end

-- Units a player may produce only after a technology.
function L.may_produce(p, t)
  local d = L.def(p, t)
  return not d.requires_tech or game.holds(p, "techs", d.requires_tech)
end

-- A technology bought through a Technology card for `cost` resources (0 =
-- free), or one of the race's own racial technologies at its own price
-- (our reading: the TI3 race sheets price them). Racial techs of later
-- expansions, those marked unimplemented and those never bought
-- (`not_bought`: the Valefar Assimilators) are not offered; a race whose
-- ability forbids buying them gets none. `prompt` replaces "research".
--
-- Before the offer, the `research_offer` window lets cards played
-- "immediately before purchasing a technology" change it: ctx.discount
-- (colour -> resources fewer), ctx.waive_prerequisite (resources more to
-- buy a technology missing one single prerequisite) and
-- ctx.ignore_prerequisites (resources more to buy one whatever prerequisites
-- it lacks: Inheritance Systems); L.research_price reads them.
function L.strategy_research(p, cost, prompt)
  local offer = game.window("research_offer", { player = p, cost = cost, discount = {} })
  local opts, price = {}, {}
  local have = L.spendable(p, "resources")
  -- (cost > 0: a purchase, which a ban on purchases bars.)
  local function may(t) return cost <= 0 or not L.tech_purchase_barred(p, t) end
  for _, t in ipairs(L.researchable(p)) do
    local c = L.research_price(p, t, cost, offer)
    if c and have >= c and may(t) then opts[#opts + 1] = t; price[t] = c end
  end
  if offer.waive_prerequisite then
    for _, t in ipairs(game.keys(game.data.techs)) do
      if not price[t] and L.one_prerequisite_missing(p, t) and may(t) then
        local c = L.research_price(p, t, cost, offer)
        if c and have >= c then opts[#opts + 1] = t; price[t] = c end
      end
    end
  end
  if offer.ignore_prerequisites then
    for _, t in ipairs(game.keys(game.data.techs)) do
      if not price[t] and not game.holds(p, "techs", t) and not L.tech_barred(p, t) and may(t) then
        local c = L.research_price(p, t, cost, offer)
        if c and have >= c then opts[#opts + 1] = t; price[t] = c end
      end
    end
  end
  local race = L.faction(p)
  for _, r in ipairs(race and race.racial_techs or {}) do
    local d = game.data.racial_techs[r]
    local offered = d and d.expansion ~= "shards_of_the_throne" and d.status ~= "not_implemented"
      and not d.not_bought and L.flag(p, "no_racial_tech_purchase") == 0 and not L.tech_purchase_barred(p, "racial:" .. r)
      and not game.get("player", p, "racial_removed:" .. r)
    if offered and not game.holds(p, "racial_techs", r) and L.spendable(p, "resources") >= (d.cost or 0) then
      opts[#opts + 1] = "racial:" .. r
    end
  end
  if #opts == 0 then return end
  opts[#opts + 1] = "none"
  local pick = game.choose(p, prompt or { key = "ti3.research" }, opts)
  if pick == "none" then return end
  if pick:sub(1, 7) == "racial:" then
    local r = pick:sub(8)
    L.pay(p, game.data.racial_techs[r].cost or 0, "resources")
    game.grant(p, "racial_techs", r)
    L.reset_cache()
    game.log({ key = "ti3.acquires", p = L.pn(p), tech = L.name("racial_techs", r) })
  else
    local lacking = offer.ignore_prerequisites and not L.can_research(p, pick)
    L.pay(p, price[pick] or cost, "resources")
    if lacking then
      game.log({ key = "ti3.ignores_prerequisites", p = L.pn(p), tech = L.name("techs", pick), n = offer.ignore_prerequisites })
    end
    L.gain_tech(p, pick)
  end
end

-- Whether p lacks exactly one prerequisite of technology id, and only that
-- keeps him from researching it: one of its `requires` (the `requires_any`
-- met), or its `requires_any` when he holds none of them (the `requires` met).
function L.one_prerequisite_missing(p, id)
  local d = game.data.techs[id]
  if not d or game.holds(p, "techs", id) or L.can_research(p, id) then return false end
  local missing = 0
  for _, r in ipairs(d.requires or {}) do
    if not game.holds(p, "techs", r) then missing = missing + 1 end
  end
  local any = d.requires_any or {}
  if #any > 0 then
    local ok = false
    for _, r in ipairs(any) do if game.holds(p, "techs", r) then ok = true end end
    if not ok then missing = missing + 1 end
  end
  return missing == 1
end

-- Technology specialties (TI3): buying a technology, each planet p controls
-- whose specialty has the technology's colour takes 1 resource off the price
-- (Opening the Black Box, a base-game card, speaks of red planets giving a
-- credit "of 2 rather than 1"). The planet need not be ready: our reading,
-- the rulebook text is not in the public sources (Shattered Ascension, which
-- asks for a ready planet, prices its own purchases).
-- hook: the technology credit planet pl gives p toward a technology of colour `color` (resources off its price), or nil when it gives none at all (another specialty, or not counted now); default: 1 for a planet of that specialty, exhausted or not, nil otherwise. Cards that raise the credit (Opening the Black Box) ask it.
-- (Leaders option: a scientist of p's on the planet makes its credit 2;
-- Shattered Ascension replaces this hook with its own.)
function L.specialty_credit(p, pl, color)
  if color and L.pdef(pl).specialty == color then
    if game.options.leaders and L.opta and #L.opta.on_planet(p, pl, "scientist") > 0 then return 2 end
    return 1
  end
  return nil
end

-- The credits of p's planets toward a technology of colour `color`.
function L.specialty_credits(p, color)
  if not color then return 0 end
  local n = 0
  for _, pl in ipairs(game.planets_owned(p)) do n = n + (L.specialty_credit(p, pl, color) or 0) end
  return n
end

-- hook: the resources p pays for technology id bought at `cost` (offer: the research_offer window's ctx), or nil if he may not buy it so; default: cost less offer.discount of its colour and, when it is not free, the specialty credits of p's planets toward that colour (L.specialty_credits) (not below 0; a negative discount costs more), plus, if he lacks a prerequisite, offer.waive_prerequisite (one missing) or offer.ignore_prerequisites (any number missing), the lower of the two when both apply.
function L.research_price(p, id, cost, offer)
  local d = game.data.techs[id]
  local c = cost
  if (offer.waive_prerequisite or offer.ignore_prerequisites) and not L.can_research(p, id) then
    local extra = offer.waive_prerequisite
    if offer.ignore_prerequisites and (not extra or offer.ignore_prerequisites < extra or not L.one_prerequisite_missing(p, id)) then
      extra = offer.ignore_prerequisites
    end
    c = c + extra
  end
  local off = d and d.color and offer.discount and offer.discount[d.color] or 0
  if cost > 0 and d then off = off + L.specialty_credits(p, d.color) end
  if off ~= 0 then c = math.max(0, c - off) end
  return c
end

-- hook: whether a destroyed unit of p's of type ty rolls to come back home with Gen Synthesis (effects/techs/gen_synthesis.lua); default: ground forces and shock troops (TI3 treats shock troops as ground forces for every card and ability, as its combat bonus here does).
function L.gen_synthesis_returns(p, ty) return ty == "ground_force" or ty == "shock_troop" end

-- hook: whether X-89 Bacterial Weapon, used by p, leaves enemy ground unit u alive on the planet it wipes out; default: no, every enemy ground unit there is destroyed.
function L.x89_spares(u, p) return false end

-- Bioptic Recyclers, one use (effects/techs/bioptic_recyclers.lua, or a
-- variant's own timing): p discards an action card of his choice (when
-- `optional`, he may also pick "none") and gains 2 trade goods or, with a
-- counter left in reinforcements, 1 command counter of his choice. `def` is
-- the technology's definition. Returns whether a card was discarded.
function L.bioptic_recycle(p, def, optional)
  local name = L.name("racial_techs", def.id)
  local hand, seen = {}, {}
  for _, c in ipairs(game.zone("actions:" .. p)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  table.sort(hand)
  if optional then table.insert(hand, 1, "none") end
  local c = game.choose(p, { key = "ti3.choose_discard", name = name }, hand)
  if c == "none" then return false end
  game.move_card(c, "actions:" .. p, "discard:actions")
  game.log({ key = "ti3.discards_card_for", p = L.pn(p), card = L.name("action_cards", c), name = name })
  local opts = { "2 trade goods" }
  if L.reinforcements(p) > 0 then opts[#opts + 1] = "1 command counter" end
  if game.choose(p, { key = "ti3.card_gain", card = name }, opts) == "2 trade goods" then
    L.gain_tg(p, 2, name)
  else
    game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1)
    game.log({ key = "ti3.gains_command_counter_for", p = L.pn(p), name = name })
  end
  return true
end

-- Production Centers (Hacan racial technology, effects/techs/production_centers.lua):
-- how many of the 6 trade goods it brings p must hand to another player.
-- Default 2 (the card); a variant may replace it at load time (sa-es: 1 in
-- 2-player games).
function L.production_centers_share(p)
  return 2
end

-- Galactic events Cosmic Phenomenae (the anomalies change) and Wild, Wild
-- Galaxy (some action cards grow stronger). Both are set-up options; every
-- replacement below is registered at load time and acts only while its
-- option is on.
local L = game.lib

local function cosmic() return game.options.galactic_event_cosmic_phenomenae end
local function wild() return game.options.galactic_event_wild_wild_galaxy end

local function anomaly(s)
  local d = s and game.data.systems[game.tile_of(s)]
  return d and d.anomaly or nil
end

---------------------------------------------------------------------------
-- Cosmic Phenomenae.
---------------------------------------------------------------------------
-- The numbers of the event.
L.TE_COSMIC = {
  nebula_defender_bonus = 3,   -- a nebula's defender rolls +3 (not +1)
  supernova_production = 1,    -- PRODUCTION +1 in or beside a supernova
  rift_extra_move = 1,         -- a further move for a ship leaving a gravity rift...
  rift_extra_survival = 6,     -- ...which is then removed on 1-5 (not 1-3)
}
-- Anomalies that are asteroid fields (The Watchtower is one and a gravity
-- rift at once).
local ASTEROIDS = { asteroid_field = true, asteroid_gravity_rift = true }

-- Nebula: the defender's bonus there (the anomaly's defender_bonus) is +3.
local base_defender_bonus = L.anomaly_defender_bonus
function L.anomaly_defender_bonus(s, d, rule)
  if cosmic() and rule and (rule.defender_bonus or 0) ~= 0 then return L.TE_COSMIC.nebula_defender_bonus end
  return base_defender_bonus(s, d, rule)
end
-- (A fight that runs as a plan is in no anomaly: plain either way.)
L.plain_wrapper(L.anomaly_defender_bonus, base_defender_bonus, function(board) return true end)

-- Asteroid field: fighters without a move value (Fighter I) take no part in
-- a space combat there: they do not roll, cannot be given its hits (nor
-- those of its anti-fighter barrage) and do not keep it going; they stay in
-- the system whatever its outcome.
local base_combat_ships = L.space_combat_ships
function L.space_combat_ships(p, s)
  local list = base_combat_ships(p, s)
  if not (cosmic() and ASTEROIDS[anomaly(s) or ""]) then return list end
  local out = {}
  for _, u in ipairs(list) do
    local d = L.def(p, u.kind)
    if not (d.type == "fighter" and (d.move or 0) <= 0) then out[#out + 1] = u end
  end
  return out
end
L.plain_wrapper(L.space_combat_ships, base_combat_ships, function(board) return true end)

--- Whether system s is a supernova or adjacent to one.
function L.te_by_supernova(s)
  if anomaly(s) == "supernova" then return true end
  for _, t in ipairs(game.adjacent(s, "adjacency")) do
    if anomaly(t) == "supernova" then return true end
  end
  return false
end

-- Supernova: each of p's units with PRODUCTION in a system that is or is
-- adjacent to a supernova produces 1 more (none in an entropic scar, where
-- units have no abilities).
local base_production = L.production
function L.production(p, s)
  local n = base_production(p, s)
  if not (cosmic() and s and type(p) == "number" and p ~= 0) or L.te_is_scar(s) or not L.te_by_supernova(s) then return n end
  local producers = 0
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.def(p, u.kind).production ~= nil then producers = producers + 1 end
  end
  return n + producers * L.TE_COSMIC.supernova_production
end

-- Gravity rift: a ship whose path leaves a gravity rift may move 1 further
-- than its move value; a ship that does so is then removed on 1-5.
local base_rift_extra = L.rift_extra_move
function L.rift_extra_move(p, u)
  if cosmic() then return L.TE_COSMIC.rift_extra_move end
  return base_rift_extra(p, u)
end
local base_rift_survival = L.rift_survival
function L.rift_survival(p, m)
  if cosmic() and m.rift_extra then return L.TE_COSMIC.rift_extra_survival end
  return base_rift_survival(p, m)
end

-- Entropic scars: every system holding one is adjacent to every other
-- (a link of kind `te_scar`, made once the galaxy is built, as the
-- hyperlanes are).
--- Joins every entropic scar of the board to every other one (links of kind `te_scar`).
function L.te_link_scars()
  local scars = {}
  for s = 1, game.num_systems() do
    if L.te_is_scar(s) then scars[#scars + 1] = s end
  end
  for i = 1, #scars do
    for j = i + 1, #scars do game.link(scars[i], scars[j], "te_scar") end
  end
end

local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local r = base_build(ctx)
  if cosmic() then L.te_link_scars() end
  return r
end)

---------------------------------------------------------------------------
-- Wild, Wild Galaxy: the action cards' numbers (their data fields, read
-- through L.card_value) change while the event is in play:
--   Flank Speed +2 move (not +1); Maneuvering Jets cancels every hit of the
--   space cannon volley (not 1); Morale Boost +2 (not +1); Shields Holding
--   may also be played against ground combat hits; Skilled Retreat places
--   no command token; War Machine costs 5 less (not 1).
-- Sabotage: the saboteur also takes the card it cancelled into their hand
-- (L.sabotaged, below).
-- Not here: Diplomatic Pressure (giving 3 promissory notes) is in neither
-- ti4's nor this pack's action card deck; Direct Hit against mechs, and
-- Stellar Converter and Nova Seed on any target, need Prophecy of Kings
-- components (mechs, those technologies) that this pack does not have.
---------------------------------------------------------------------------
L.TE_WILD_CARDS = {
  flank_speed = { move = 2 },
  maneuvering_jets = { cancels = math.huge },   -- all of them
  morale_boost = { bonus = 2 },
  shields_holding = { labels = { "space combat", "anti-fighter barrage", "ground combat" } },
  skilled_retreat = { tokens = 0 },
  war_machine = { discount = 5 },
}

local base_card_value = L.card_value
function L.card_value(def, field, p)
  if wild() then
    local t = L.TE_WILD_CARDS[def.id]
    if t and t[field] ~= nil then return t[field] end
  end
  return base_card_value(def, field, p)
end

local base_sabotaged = L.sabotaged
function L.sabotaged(p, q, card, def)
  base_sabotaged(p, q, card, def)
  if not wild() then return end
  -- The cancelled card lies on the discard pile (unless an ability such as
  -- Data Skimmer took it as it was discarded: then it stays there).
  local pile = game.zone("discard:actions")
  for i = #pile, 1, -1 do
    if pile[i] == card then
      game.move_card(card, "discard:actions", "actions:" .. p)
      game.log({ key = "te.sabotage_takes_card", p = L.pn(p), card = L.name("action_cards", card) })
      return
    end
  end
end

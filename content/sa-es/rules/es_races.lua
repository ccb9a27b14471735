-- Shattered Ascension, Spanish rulebook (seed 001): races and race-specific
-- technologies, where they differ from sa-en (seed 000; rules/i_races.lua,
-- L.sa_races).
--
-- Race-specific technologies (001 "Adquisición de Avances Tecnológicos
-- Específicos de Raza"). There are only two ways to get one, both in the
-- status phase (the same step sa-en buys them in, sa_racial_purchase, just
-- before the planets are refreshed):
--   a) "Driving Force of Progress": when a race has as many victory points as
--      the card's cost, it takes the card for free;
--   b) "Demanding Research": it buys the card for its resource cost.
-- The victory points never lower the price (000 takes them off the price).
-- Acquiring one raises the cost of the race's remaining ones by the printed
-- cost of the card acquired (as in 000), so the threshold of a) rises too (our
-- reading: 001 compares the victory points with "the cost printed on the
-- card", and the raised cost is the cost a) and b) both use).
-- With Ascension (001 "Adquisición ... en Ascensión"): b) is unchanged; a)
-- needs twice the card's cost in victory points.
-- Domain counter Ancient Space Station (001 appendix 5, "Estación Espacial
-- Ancestral"; the precursor space station of Final Frontier): while a player
-- holds it, his race-specific technologies cost him 1 less (a) and b) alike).
-- The station's Shattered Empire effect (its holder wins with one point less)
-- is not used: 001 gives the station this effect instead.
--
-- The race changes of 001 "Razas" (where 000 sends the reader to race sheets
-- that the public sources do not hold, so sa-en keeps the TI3 races):
--   * Saar: no victory point loss for an occupied home system (es_victory.lua).
--   * Mentak: stealing trade goods (Pillage) is an action that costs one command
--     counter from the strategy allocation (mentak_pillage below).
--   * Naalu: instead of initiative 0, before the action phase starts the Naalu
--     may take one tactical action; then the action phase goes on as usual.
--     The Naalu start without their cruiser (races patch in es_data.yaml).
--   * Muaat: while their war suns have base movement 1 (their Slow War Suns
--     ability), they bombard with one die only.
--   * Yssaril: start with one carrier fewer and with Light/Wave Deflector as
--     their only technology (races patch in es_data.yaml).
--   * 001 also says each race now has three race-specific technologies on new
--     cards; the cards are not in the public sources, and the TI3 ones stand in
--     for them (as in sa-en).
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function opt(id) return game.options[id] end
local function ascension() return opt("ascendancy") or opt("sa_ascendancy") end

---------------------------------------------------------------------------
-- Race-specific technologies.
local R = L.sa_races

-- Whether p holds the Ancient Space Station (Final Frontier's precursor
-- station): the only player with ships in its system.
function ES.holds_station(p)
  local B = L.optb
  if not (B and B.station_holder_es) then return false end
  return B.station_holder_es() == p
end

if R then
  R.discount = function(p)
    return ES.holds_station(p) and 1 or 0
  end

  -- The victory points that take the card for free.
  function ES.free_threshold(p, id)
    local need = L.sa_racial_cost(p, id)
    if ascension() then need = 2 * need end
    return need
  end

  procedure("sa_racial_purchase", function(ctx)
    for _, p in ipairs(L.order_from(L.speaker())) do
      for _ = 1, 20 do
        local opts = { "none" }
        local vp = game.counter(p, "vp")
        local money = L.spendable(p, "resources")
        if L.sa_base_flag(p, "no_racial_tech_purchase") == 0 then
          for _, id in ipairs(L.sa_racial_techs(p)) do
            if not game.holds(p, "racial_techs", id) then
              if vp >= ES.free_threshold(p, id) then opts[#opts + 1] = id .. " (free)" end
              local c = L.sa_racial_cost(p, id)
              if c <= money then opts[#opts + 1] = id .. " (" .. c .. ")" end
            end
          end
        end
        if #opts == 1 then break end
        local pick = game.choose(p, { key = "sa_es.acquire_racial_tech" }, opts)
        if pick == "none" then break end
        local id, how = pick:match("^([%w_]+) %((.-)%)$")
        if how == "free" then
          game.grant(p, "racial_techs", id)
          L.reset_cache()
          game.log({ key = "sa_es.acquires_racial_free", p = L.pn(p), tech = L.name("racial_techs", id), vp = vp })
        else
          R.buy(p, id)
        end
      end
    end
  end)
end

-- The station's SE effect (one point less to win) gives way to the 001 one.
do
  local B = L.optb
  if B and B.station_holder and not B.station_holder_es then
    B.station_holder_es = B.station_holder
    B.station_holder = function() return nil end
  end
end

---------------------------------------------------------------------------
-- Muaat: one bombardment die while the war suns move 1.
local base_def = L.def
local mcache = {}
local base_reset = L.reset_cache
function L.reset_cache()
  mcache = {}
  base_reset()
end
function L.def(p, t)
  local d = base_def(p, t)
  -- (The unit type first: it is a field of d, the faction a question to
  -- the game state; both are plain reads, so the order changes nothing.)
  if (d.type or t) ~= "war_sun" or game.get("player", p, "faction") ~= "muaat" then return d end
  if (d.move or 0) ~= 1 or not d.bombardment or (d.bombardment.dice or 1) <= 1 then return d end
  local c = mcache[p]
  if c and c.src == d then return c.def end
  local cp = {}
  for k, v in pairs(d) do cp[k] = v end
  cp.bombardment = {}
  for k, v in pairs(d.bombardment) do cp.bombardment[k] = v end
  cp.bombardment.dice = 1
  mcache[p] = { src = d, def = cp }
  return cp
end

---------------------------------------------------------------------------
-- Naalu: a tactical action before the action phase (replaces initiative 0).
local base_ap = game.procedure_fn("action_phase")
procedure("action_phase", function(ctx)
  for p = 1, game.num_players() do
    if game.get("player", p, "faction") == "naalu" and game.counter(p, "tactic") > 0
      and not (L.sa_opt2 and L.sa_opt2.surrendered and L.sa_opt2.surrendered(p)) then
      if game.choose(p, { key = "sa_es.naalu_first_action" }, { "no", "yes" }) == "yes" then
        game.log({ key = "sa_es.takes_first_action", p = L.pn(p) })
        game.put("game", nil, "active", p)
        local c = { player = p, active = p }
        local ok, err = pcall(game.atomic, game.step, "tactical_action", c)
        game.put("game", nil, "active", nil)
        if not ok and not (type(err) == "table" and err.game_over) then
          game.log({ key = "sa_es.cannot_take_tactical", p = L.pn(p) })
        elseif not ok then
          error(err, 0)
        end
      end
    end
  end
  return base_ap(ctx)
end)

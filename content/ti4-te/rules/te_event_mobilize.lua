-- Galactic events Advent of the War Sun, Rapid Mobilization and Zealous
-- Orthodoxy (options galactic_event_advent_of_the_war_sun,
-- galactic_event_rapid_mobilization, galactic_event_zealous_orthodoxy).
--
-- Played without Prophecy of Kings: the Muaat commander (Advent of the War
-- Sun) and the alliance card part of Zealous Orthodoxy are behind hooks a
-- later pack fills (L.te_unlock_commander, L.te_zealous_alliance); Rapid
-- Mobilization's exception for the Nomad is that pack's too.
local L = game.lib

local function advent() return game.options.galactic_event_advent_of_the_war_sun end
local function mobilization() return game.options.galactic_event_rapid_mobilization end
local function zealous() return game.options.galactic_event_zealous_orthodoxy end

local function faction_has(p, ability)
  local fac = L.faction(p)
  for _, a in ipairs((fac and fac.abilities) or {}) do if a == ability then return true end end
  return false
end

-- How many more units of board type t p may place (their limit less those on the board; 99 without a limit).
local function room_for(p, t)
  local n = game.count_units { owner = p, kind = t }
  local limit = L.unit_limit(p, t, L.def(p, t))
  if not limit then return 99 end
  return math.max(0, limit - n)
end

---------------------------------------------------------------------------
-- Advent of the War Sun: once set-up is over, every player but the Embers of
-- Muaat gains the War Sun technology (a grant: no prerequisites, nothing
-- exhausted). The Muaat player purges their faction's promissory note,
-- unlocks their commander (Prophecy of Kings: L.te_unlock_commander) and
-- puts one more war sun in the space of their home system.
---------------------------------------------------------------------------

--- Prophecy of Kings hook: p's commander is unlocked by an effect (Advent of the War Sun for the Embers of Muaat), whatever its own condition. This pack has no leaders: default nothing; a pack with leaders unlocks the commander here.
function L.te_unlock_commander(p) end

--- p's faction promissory note leaves the game, wherever it is (a player's hand or play area); logged.
function L.te_purge_faction_note(p)
  local fac = game.get("player", p, "faction")
  for _, id in ipairs(game.keys(game.data.promissory_notes or {})) do
    if game.data.promissory_notes[id].faction == fac then
      local card = L.note_card(id, p)
      for q = 1, game.num_players() do
        for _, z in ipairs({ "notes:" .. q, "notes_area:" .. q }) do
          for _, c in ipairs(game.zone(z)) do
            if c == card then
              game.move_card(c, z, "purged")
              game.log({ key = "te.note_purged", p = L.pn(p), note = L.note_label(card) })
            end
          end
        end
      end
    end
  end
end

--- Advent of the War Sun, at the end of set-up.
function L.te_advent_of_the_war_sun()
  for _, p in ipairs(L.order_from(L.speaker())) do
    if game.get("player", p, "faction") == "muaat" then
      L.te_purge_faction_note(p)
      L.te_unlock_commander(p)
      local home = L.home(p)
      if home and room_for(p, "war_sun") > 0 then
        game.spawn("war_sun", p, { system = home })
        game.log({ key = "te.advent_war_sun", p = L.pn(p), system = L.sysname(home) })
      end
    elseif not game.holds(p, "techs", "war_sun") then
      game.grant(p, "techs", "war_sun")
      game.log({ key = "te.advent_tech", p = L.pn(p), tech = L.name("techs", "war_sun") })
    end
  end
  L.reset_cache()
end

---------------------------------------------------------------------------
-- Rapid Mobilization: after set-up, The Fracture comes into play (the
-- speaker places it and its ingress tokens, as an ability brings it: four
-- planets of different specialties, L.te_place_planet_ingress). Then each
-- player in speaker order, one after another:
--  * puts 1 infantry on each planet of the systems adjacent to their home
--    system (the Ghosts of Creuss: to the Creuss Gate; the Crimson
--    Rebellion: to the Sorrow; their own home system is not one of those),
--    taking control of each such planet ready (there is no exploring here).
--    A planet another player already controls, one holding other players'
--    or neutral units, or the custodians' planet while its token is there
--    is left alone (our reading);
--  * places 1 space dock on a planet they control where one may go, then
--    their flagship and 3 fighters in that planet's system (as many as
--    their reinforcements hold);
--  * gains their breakthrough (The Fracture is in play: no roll);
--  * researches 1 technology (a normal research: prerequisites as usual).
---------------------------------------------------------------------------

--- Rapid Mobilization: the system whose neighbours p's infantry go to (their home system; the Creuss Gate for the Ghosts of Creuss, the Sorrow for the Crimson Rebellion).
function L.te_mobilization_origin(p)
  if faction_has(p, "creuss_gate") then return game.find_system("17") or L.home(p) end
  if faction_has(p, "sorrow") then return game.find_system("94") or L.home(p) end
  return L.home(p)
end

--- Rapid Mobilization: whether p may put their infantry on planet pl and take it.
function L.te_mobilization_planet_ok(p, pl)
  local o = game.planet_owner(pl)
  if o and o ~= p then return false end
  for _, u in ipairs(game.units { planet = pl }) do
    if u.owner ~= p then return false end
  end
  if L.pdef(pl).custodians and game.get("game", nil, "custodians") then return false end
  return L.may_place_on(pl)
end

--- Rapid Mobilization: the planets of the systems adjacent to p's origin (L.te_mobilization_origin) that p's infantry go to, sorted.
function L.te_mobilization_planets(p)
  local origin, home = L.te_mobilization_origin(p), L.home(p)
  local out = {}
  if not origin then return out end
  local seen = {}
  for _, s in ipairs(game.adjacent(origin)) do
    if s ~= origin and s ~= home and not seen[s] then
      seen[s] = true
      for _, pl in ipairs(game.planets_of(s)) do
        if L.te_mobilization_planet_ok(p, pl) then out[#out + 1] = pl end
      end
    end
  end
  table.sort(out)
  return out
end

--- Rapid Mobilization for player p: infantry, space dock with flagship and fighters, breakthrough, one technology.
function L.te_mobilize_player(p)
  -- infantry next to home, planets taken ready
  for _, pl in ipairs(L.te_mobilization_planets(p)) do
    if room_for(p, "infantry") > 0 then
      game.spawn("infantry", p, { planet = pl })
      game.log({ key = "te.mobilize_infantry", p = L.pn(p), planet = L.name("planets", pl) })
      L.take_control(p, pl, false)
    end
  end
  -- a space dock, the flagship and 3 fighters
  local opts = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if L.structure_room(p, "space_dock", pl) then opts[#opts + 1] = pl end
  end
  table.sort(opts)
  if #opts > 0 then
    local pl = game.choose(p, { key = "te.mobilize_dock" }, opts)
    local s = game.planet_system(pl)
    game.spawn("space_dock", p, { planet = pl })
    game.log({ key = "te.mobilize_dock_placed", p = L.pn(p), planet = L.name("planets", pl) })
    game.window("structure_placed", { player = p, kind = "space_dock", planet = pl, system = s })
    local flagship = L.has_unit(p, "flagship") and room_for(p, "flagship") > 0
    if flagship then game.spawn("flagship", p, { system = s }) end
    local n = math.min(3, room_for(p, "fighter"))
    for _ = 1, n do game.spawn("fighter", p, { system = s }) end
    game.log({ key = flagship and "te.mobilize_fleet" or "te.mobilize_fighters", p = L.pn(p), n = n, system = L.sysname(s) })
    L.reset_cache()
  end
  -- the breakthrough
  L.te_gain_breakthrough(p)
  -- one technology
  local techs = L.researchable(p)
  if #techs > 0 then
    L.gain_tech(p, game.choose(p, { key = "ti4.research_technology" }, techs))
  end
end

--- Rapid Mobilization, after set-up: The Fracture comes in (placed by the speaker), then each player in speaker order mobilizes.
function L.te_rapid_mobilization()
  L.te_fracture_enter(L.speaker(), "ability")
  for _, p in ipairs(L.order_from(L.speaker())) do
    game.log({ key = "te.mobilizes", p = L.pn(p) })
    L.te_mobilize_player(p)
  end
end

-- Both at the very end of set-up (this wrapper sits on every other
-- set-up wrapper of the chain): Advent of the War Sun first.
game.when_loaded(function()
  if not game.has_procedure("setup") then return end
  local base_setup = game.procedure_fn("setup")
  procedure("setup", function(args)
    local r = base_setup(args)
    if advent() then L.te_advent_of_the_war_sun() end
    if mobilization() then L.te_rapid_mobilization() end
    return r
  end)
end)

---------------------------------------------------------------------------
-- Zealous Orthodoxy: the first player to have scored 2 secret objectives
-- gains 1 victory point (once in the game). Then that player's faction
-- alliance card goes on the event card, every player gains its ability and
-- that faction's alliance promissory note is purged: alliance cards and
-- notes are Prophecy of Kings components, so here the faction is recorded
-- (game prop te_zealous_alliance) and logged, and L.te_zealous_alliance is
-- the hook a Prophecy of Kings pack fills.
---------------------------------------------------------------------------

--- Prophecy of Kings hook: Zealous Orthodoxy puts faction `faction`'s alliance card (of player p, the first to score 2 secret objectives) on the event: every player gains its ability and that faction's alliance promissory note is purged. Default: nothing (the faction is recorded and logged by the event).
function L.te_zealous_alliance(p, faction) end

--- The player who first had 2 secret objectives scored under Zealous Orthodoxy, or nil.
function L.te_zealous_player() return game.get("game", nil, "te_zealous_orthodoxy") end

local base_score = L.score
function L.score(p, coll, id)
  local r = base_score(p, coll, id)
  if zealous() and coll == "secret_objectives" and not L.te_zealous_player()
    and game.zone_count("scored:" .. p) >= 2 then
    game.put("game", nil, "te_zealous_orthodoxy", p)
    local faction = game.get("player", p, "faction")
    game.put("game", nil, "te_zealous_alliance", faction)
    L.gain_vp(p, 1, L.name("galactic_events", "zealous_orthodoxy"))
    game.log({ key = "te.zealous_alliance", faction = L.name("factions", faction) })
    L.te_zealous_alliance(p, faction)
  end
  return r
end

-- Preliminary objectives (Shards of the Throne, with SA's appendix 5
-- changes; the cards are in options_2.yaml). `def.test` says what is checked;
-- the round's events come from effects/options2/prelim_events.lua.
-- Our readings (UNCERTAIN where noted):
--   antagonist   "next to" a home system: adjacent for any purpose (wormholes
--                included, border tokens that block only movement ignored)
--   all_of_kind  the printed component limit of the unit (rules/k_victory.lua
--                L.sa_printed_limit when present)
--   explorer     a system is controlled when the player has a ship there
--                (fighters count in SA: L.controls_system) and holds every
--                planet in it
--   invader      a planet he took this round from another player and still holds
local L = game.lib

local function events(p) return L.sa_opt2.prelim_events(p) end

-- System control as SA defines it (rules/b_general.lua: any ship, fighters
-- included, and every planet in the system).
local function controls_system(p, s) return L.controls_system(p, s) end

local tests = {}

function tests.antagonist(p)
  for q = 1, game.num_players() do
    local h = q ~= p and L.home(q)
    if h then
      for _, t in ipairs(game.adjacent(h, "neighbour")) do
        for _, pl in ipairs(game.planets_of(t)) do
          if game.planet_owner(pl) == p then return true end
        end
      end
    end
  end
  return false
end

function tests.all_of_kind(p, def)
  local limit = (L.sa_printed_limit and L.sa_printed_limit(def.unit)) or (game.data.units[def.unit] or {}).limit
  if not limit then return false end
  local n = 0
  for _, u in ipairs(game.units { owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == def.unit then n = n + 1 end
  end
  return n >= limit
end

function tests.cruisers_destroyed(p, def) return (events(p).cruisers or 0) >= (def.count or 2) end

function tests.explorer(p, def)
  local mr = game.find_system("mecatol_rex")
  if not mr then return false end
  local n = 0
  for _, t in ipairs(game.adjacent(mr, "neighbour")) do
    if controls_system(p, t) then n = n + 1 end
  end
  return n >= (def.count or 2)
end

function tests.infiltrator(p) return game.get("player", p, "sa_prelim_infiltrator") == true end

function tests.invader(p)
  for _, pl in ipairs(game.keys(events(p).invaded or {})) do
    if game.planet_owner(pl) == p then return true end
  end
  return false
end

function tests.specialties(p, def)
  local n = 0
  for _, pl in ipairs(game.planets_owned(p)) do
    if L.pdef(pl).specialty then n = n + 1 end
  end
  return n >= (def.count or 4)
end

function tests.yellow_techs(p, def) return (L.tech_colors(p).yellow or 0) >= (def.count or 3) end

function tests.traitor(p) return events(p).traitor == true end

return {
  check = function(p, def)
    local t = tests[def.test]
    return t ~= nil and t(p, def) and true or false
  end,
}

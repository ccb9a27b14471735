-- Shattered Ascension, Spanish rulebook (seed 001): corrections to sa-es
-- rules that its scenarios (tests/es_t_*.yaml) showed wrong. Each one wraps
-- the helper it corrects.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

---------------------------------------------------------------------------
-- Space mines (001 "Unidades"): the hits fall on the crossing fleet and its
-- owner assigns them as usual, fighters included (es_general.lua says so).
-- sa-en's movement step hands G.cross_mines only the ships that moved, and
-- fighters are not ships there, so es_general.lua never saw a fighter: the
-- fighters that arrived with the fleet are added here, each as coming from
-- the system it left.
local G = L.sa_general
if G and G.cross_mines then
  local fighters_before
  local base_move = game.procedure_fn("movement")
  procedure("movement", function(ctx)
    local before = {}
    if ctx and ctx.player then
      for _, u in ipairs(game.units { owner = ctx.player }) do
        if (L.def(ctx.player, u.kind).type or u.kind) == "fighter" then before[u.id] = u.system end
      end
    end
    fighters_before = { player = ctx and ctx.player, system = ctx and ctx.system, from = before }
    return base_move(ctx)
  end)

  local base_cross = G.cross_mines
  G.cross_mines = function(p, target, moved, rules)
    local fb = fighters_before
    if not (fb and fb.player == p and fb.system == target) then return base_cross(p, target, moved, rules) end
    local all, seen = {}, {}
    for _, x in ipairs(moved) do all[#all + 1] = x; seen[x.unit.id] = true end
    local n = #all
    for _, u in ipairs(game.units { system = target, owner = p, space = true }) do
      local from = fb.from[u.id]
      if from and from ~= target and not seen[u.id] then
        all[#all + 1] = { unit = u, from = from, move = 0 }
      end
    end
    if #all == n then return base_cross(p, target, moved, rules) end
    return base_cross(p, target, all, rules)
  end
end

---------------------------------------------------------------------------
-- Star by Star (001 "Estrella por Estrella"): the Muaat home system is never
-- placed next to Mecatol Rex. es_options.lua takes the hexes next to Mecatol
-- Rex out of the Muaat's placement choices, but only when some other hex is
-- left; when the Muaat pick their home system while every hex it could go to
-- touches Mecatol Rex (always so on the first placement, when Mecatol Rex is
-- the only system), it still went there. Here the home system is also kept
-- out of the tiles the Muaat may pick until some free hex touching the
-- galaxy lies farther from Mecatol Rex and not next to another home system
-- (other tiles are offered meanwhile).
local HEX_STEPS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }

local function hex_parts(h)
  local q, r = h:match("^(%-?%d+),(%-?%d+)$")
  return tonumber(q), tonumber(r)
end

-- Whether some free hex next to the galaxy is at least 2 from Mecatol Rex
-- and not next to a home system.
function ES.muaat_room(centre_hex)
  local placed, homes = {}, {}
  local home_tiles = {}
  for q = 1, game.num_players() do
    local f = L.faction(q)
    if f and f.home_system then home_tiles[f.home_system] = true end
  end
  for s = 1, game.num_systems() do
    local sys = game.system(s)
    if sys.hex then
      placed[sys.hex] = true
      if home_tiles[game.tile_of(s)] then homes[#homes + 1] = sys.hex end
    end
  end
  for _, h in ipairs(game.keys(placed)) do
    local q, r = hex_parts(h)
    if q then
      for _, d in ipairs(HEX_STEPS) do
        local nb = (q + d[1]) .. "," .. (r + d[2])
        if not placed[nb] and game.hex_distance(nb, centre_hex) >= 2 then
          local near_home = false
          for _, hh in ipairs(homes) do if game.hex_distance(nb, hh) <= 1 then near_home = true end end
          if not near_home then return true end
        end
      end
    end
  end
  return false
end

local SBS = L.sa_opt1 and L.sa_opt1.sbs
if SBS and SBS.tile_choices then
  local base_tiles = SBS.tile_choices
  function SBS.tile_choices(p, tiles)
    if game.options.star_by_star and #tiles > 1 then
      local has = false
      for _, o in ipairs(tiles) do if o == "muaat_home" then has = true end end
      local centre = has and game.find_system("mecatol_rex")
      local ch = centre and game.system(centre).hex
      if ch and not ES.muaat_room(ch) then
        local keep = {}
        for _, o in ipairs(tiles) do if o ~= "muaat_home" then keep[#keep + 1] = o end end
        tiles = keep
      end
    end
    return base_tiles(p, tiles)
  end
end

---------------------------------------------------------------------------
-- Surrender (001 "Rendición"): the surrendering player loses his special
-- objectives and one more victory point (es_misc.lua), not the penalty for
-- an occupied home system. sa-en counts a surrendered player's home system
-- as lost (000's 2-point penalty); es_victory.lua's V.home_lost dropped that
-- but then charged the penalty as soon as the other planets of his home
-- system were auctioned away. A surrendered player's home system never
-- counts as lost here.
--
-- Trade stations (es_general.lua): 000's rule that nobody takes a trade
-- station from a player with ships in its system is not in 001. es_general
-- turned off sa-en's end-of-action station step; sa-en's guard on
-- L.take_control asks its hook G.station_kept, which keeps no station here:
-- the station is taken as any planet.
local G2 = L.sa_general
if G2 then function G2.station_kept() return false end end

-- (es_victory.lua loads after this file: its wrapper goes on once every
-- file has loaded.)
game.when_loaded(function()
  local V = L.sa_victory
  if V and V.home_lost and not ES.t_home_lost_wrapped then
    ES.t_home_lost_wrapped = true
    local base_lost = V.home_lost
    V.home_lost = function(p)
      if game.get("player", p, "sa_surrendered") then return false end
      return base_lost(p)
    end
  end
end)

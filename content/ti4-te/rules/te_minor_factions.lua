-- Galactic event Minor Factions (option galactic_event_minor_factions).
-- Set-up: before the galaxy is built, each player is dealt one faction
-- nobody plays (a random one of L.setup_factions; The Firmament shows a
-- random side, The Firmament or The Obsidian); the galaxy has one blue tile
-- fewer per player, and the ring-2 spaces between the players' home systems
-- (L.te_minor_spaces) stay free; once the speaker is known, each player in
-- speaker order puts their dealt faction's home system on one of those
-- spaces and 3 neutral infantry on its planets, as evenly as possible
-- (L.te_place_minor_faction). These minor faction systems are no home
-- systems. Their planets have all three traits. A player who controls every
-- planet of a minor faction system takes that faction's alliance card, from
-- the deck or from whoever held it (L.te_take_alliance_card).
--
-- Alliance cards are Prophecy of Kings components (their abilities are the
-- commanders' texts), which this pack does not have: here the card is only
-- recorded (game prop te_alliance_card:<faction> = its holder) and logged;
-- L.te_alliance_card_gained is the hook a Prophecy of Kings pack fills to
-- give (and take away) the ability.
local L = game.lib

local function minor() return game.options.galactic_event_minor_factions end

---------------------------------------------------------------------------
-- Where the minor faction systems go.
--
-- The booklet's example is the six-player galaxy: the six ring-2 spaces that
-- lie between two neighbouring home systems (2 spaces from each). For every
-- player count this takes, for each pair of neighbouring seats (the map's
-- homes in seat order, the last beside the first), the free ring-2 space
-- holding a map tile whose distances to the two homes differ least, then the
-- nearest to both (then the first by hex). UNCERTAIN for 3 to 5 players (our
-- choice, not the booklet's): with 3 players these are the ring-2 corners
-- between the homes (3 spaces from each), with 4 players two corners and two
-- spaces between sides, with 5 players four spaces 2 from their homes and one
-- corner 3 from its homes. A map whose ring 2 has fewer free spaces gets
-- fewer minor faction systems (the players left over place none).
---------------------------------------------------------------------------
--- The ring-2 spaces (hexes, sorted) where the minor faction systems go on map `map` (its data) with n players.
function L.te_minor_spaces(map, n)
  local cands = {}
  for _, hex in ipairs(game.keys(map.tiles)) do
    if game.hex_distance(hex, "0,0") == 2 then cands[#cands + 1] = hex end
  end
  local taken, out = {}, {}
  local homes = map.homes or {}
  local seats = math.min(n, #homes)
  for i = 1, seats do
    local a, b = homes[i], homes[i % seats + 1]
    local best, bd, bs
    for _, h in ipairs(cands) do
      if not taken[h] then
        local da, db = game.hex_distance(h, a), game.hex_distance(h, b)
        local d, s = math.abs(da - db), da + db
        if not best or d < bd or (d == bd and s < bs) then best, bd, bs = h, d, s end
      end
    end
    if best then
      taken[best] = true
      out[#out + 1] = best
    end
  end
  table.sort(out)
  return out
end

local NEIGHBOURS = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 } }
local function neighbours(hex)
  local q, r = hex:match("^(-?%d+),(-?%d+)$")
  q, r = tonumber(q), tonumber(r)
  local out = {}
  for _, d in ipairs(NEIGHBOURS) do out[#out + 1] = (q + d[1]) .. "," .. (r + d[2]) end
  return out
end
local function sysdata(tile) return game.data.systems[tile] or {} end

-- How badly red tile t would sit at hex: anomalies beside an anomaly, and
-- systems beside one with the same wormhole (the galaxy's placement rules).
local function clashes(tiles, hex, t)
  local d, n = sysdata(t), 0
  for _, nb in ipairs(neighbours(hex)) do
    local o = tiles[nb] and sysdata(tiles[nb])
    if o then
      if d.anomaly and o.anomaly then n = n + 1 end
      for _, w in ipairs(d.wormholes or {}) do
        for _, x in ipairs(o.wormholes or {}) do if w == x then n = n + 1 end end
      end
    end
  end
  return n
end

-- The galaxy with the event: the minor faction spaces stay free until the
-- speaker is known; one blue tile per player leaves the galaxy. A blue tile
-- on a minor faction space is one of them; a red tile there takes the place
-- of another blue tile, the one where it clashes least with its neighbours
-- (then the nearest to the space it left, then one in ring 2 rather than
-- ring 1 or 3, then the first by hex). Which blue tiles leave is ours: the
-- booklet deals the tiles and the players place them (UNCERTAIN).
-- The minor faction spaces stay empty until their systems are placed.
local base_reserved = L.te_space_reserved
function L.te_space_reserved(hex)
  for _, h in ipairs(game.get("game", nil, "te_minor_spaces") or {}) do
    if h == hex then return true end
  end
  return base_reserved(hex)
end

local base_galaxy_tiles = L.galaxy_tiles
function L.galaxy_tiles(map, ctx)
  local tiles = base_galaxy_tiles(map, ctx)
  if not minor() then return tiles end
  local out = {}
  for _, hex in ipairs(game.keys(tiles)) do out[hex] = tiles[hex] end
  local spaces = L.te_minor_spaces(map, game.num_players())
  game.put("game", nil, "te_minor_spaces", spaces)
  game.put("game", nil, "te_minor_map", ctx.map)
  local left, moved = game.num_players(), {}
  for _, hex in ipairs(spaces) do
    local t = out[hex]
    out[hex] = nil
    if t == nil then
      -- nothing to move
    elseif sysdata(t).back == "blue" then
      left = left - 1
      game.log({ key = "te.minor_tile_out", tile = t, name = sysdata(t).name, hex = hex })
    else
      moved[#moved + 1] = { hex = hex, tile = t }
    end
  end
  for _, m in ipairs(moved) do
    local best, bk
    if left > 0 then
      for _, hex in ipairs(game.keys(out)) do
        if hex ~= "0,0" and sysdata(out[hex]).back == "blue" then
          local k = { clashes(out, hex, m.tile), game.hex_distance(hex, m.hex),
            math.abs(game.hex_distance(hex, "0,0") - 2) }
          if not best or k[1] < bk[1] or (k[1] == bk[1] and (k[2] < bk[2] or (k[2] == bk[2] and k[3] < bk[3]))) then
            best, bk = hex, k
          end
        end
      end
    end
    if best then
      local t = out[best]
      game.log({ key = "te.minor_tile_out", tile = t, name = sysdata(t).name, hex = best })
      out[best] = m.tile
      left = left - 1
      game.log({ key = "te.minor_tile_moved", tile = m.tile, name = sysdata(m.tile).name, from = m.hex, hex = best })
    else
      game.log({ key = "te.minor_tile_out", tile = m.tile, name = sysdata(m.tile).name, hex = m.hex })
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Dealing the minor factions (before the galaxy is built).
---------------------------------------------------------------------------
--- Factions with two sides: a minor faction dealt as the key shows one of these at random (The Firmament or The Obsidian; this decides whose alliance card its system gives).
L.TE_MINOR_SIDES = { firmament = { "firmament", "obsidian" } }

--- The minor faction dealt to player p (a faction id), or nil.
function L.te_dealt_minor_faction(p) return game.get("player", p, "te_minor_faction") end

--- Deals each player a faction nobody plays (a random one of L.setup_factions), choosing its side if it has two.
function L.te_deal_minor_factions()
  local played = {}
  for q = 1, game.num_players() do played[game.get("player", q, "faction") or ""] = true end
  local free = {}
  for _, f in ipairs(L.setup_factions()) do
    if not played[f] then free[#free + 1] = f end
  end
  for p = 1, game.num_players() do
    if #free == 0 then break end
    local f = table.remove(free, game.random(#free))
    local sides = L.TE_MINOR_SIDES[f]
    if sides then f = sides[game.random(#sides)] end
    game.put("player", p, "te_minor_faction", f)
    game.log({ key = "te.minor_dealt", p = L.pn(p), faction = L.name("factions", f) })
  end
end

local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  if minor() then L.te_deal_minor_factions() end
  return base_build(ctx)
end)

---------------------------------------------------------------------------
-- Placing the minor faction systems (set-up, once the speaker is known).
---------------------------------------------------------------------------
--- Abilities whose faction's home system stays off the board: a minor faction with one puts this tile on its space instead (the Creuss Gate, The Sorrow) and its home system beside the board, joined by their wormhole.
L.TE_MINOR_STAND_INS = { creuss_gate = "17", sorrow = "94" }

--- The faction whose minor faction system s is, or nil (only with the event).
function L.te_minor_faction_of(s)
  if not minor() or not s then return nil end
  return game.get("system", s, "te_minor")
end

--- The minor faction systems on the board and beside it (sorted).
function L.te_minor_systems()
  local out = {}
  if not minor() then return out end
  for s = 1, game.num_systems() do
    if game.get("system", s, "te_minor") then out[#out + 1] = s end
  end
  return out
end

local function add_tile(tile, hex)
  local s = game.add_system(tile, hex)
  for _, pl in ipairs(sysdata(tile).planets or {}) do game.add_planet(pl, s) end
  return s
end

--- Player p puts faction f's home system on hex as a minor faction system, with 3 neutral infantry on its planets as evenly as possible (p picks the planets that get one more); returns the system.
function L.te_place_minor_faction(p, f, hex)
  local fac = game.data.factions[f]
  local stand_in
  for _, a in ipairs(fac.abilities or {}) do stand_in = stand_in or L.TE_MINOR_STAND_INS[a] end
  local s, spot
  if stand_in then
    -- beside the board: a hex far from every map and from the players' own
    local k = (game.get("game", nil, "te_minor_aside") or 0) + 1
    game.put("game", nil, "te_minor_aside", k)
    s = add_tile(fac.home_system, "0," .. (-30 - 2 * k))
    spot = add_tile(stand_in, hex)
    if stand_in == L.TE_MINOR_STAND_INS.sorrow then game.put("game", nil, "te_breach:" .. spot, "inactive") end
    local ws = {}
    for _, t in ipairs({ fac.home_system, stand_in }) do
      for _, w in ipairs(sysdata(t).wormholes or {}) do ws[w] = true end
    end
    for _, w in ipairs(game.keys(ws)) do L.relink_wormhole(w) end
  else
    s = add_tile(fac.home_system, hex)
    spot = s
  end
  -- the map's hyperlanes that end on this space were laid while it was empty
  local map = game.data.maps[game.get("game", nil, "te_minor_map") or ""]
  for _, pair in ipairs((map and map.hyperlanes) or {}) do
    if pair[1] == hex or pair[2] == hex then L.te_link_hyperlane(pair[1], pair[2]) end
  end
  game.put("system", s, "te_minor", f)
  game.log({ key = "te.minor_placed", p = L.pn(p), faction = L.name("factions", f), system = L.sysname(spot) })
  if spot ~= s then game.log({ key = "te.minor_home_aside", faction = L.name("factions", f), system = L.sysname(s) }) end
  local planets = game.planets_of(s)
  if #planets == 0 then return s end
  local counts = {}
  for _, pl in ipairs(planets) do counts[pl] = 3 // #planets end
  local extra = 3 % #planets
  local opts = {}
  for _, pl in ipairs(planets) do opts[#opts + 1] = pl end
  table.sort(opts)
  for _ = 1, extra do
    local pick = game.choose(p, { key = "te.minor_extra_infantry", system = L.sysname(s) }, opts)
    counts[pick] = counts[pick] + 1
    for i, pl in ipairs(opts) do if pl == pick then table.remove(opts, i); break end end
  end
  for _, pl in ipairs(planets) do L.te_spawn_neutral("infantry", counts[pl], nil, pl) end
  return s
end

local base_speaker_known = L.setup_speaker_known
function L.setup_speaker_known(n, args)
  base_speaker_known(n, args)
  if not minor() then return end
  local left = {}
  for _, hex in ipairs(game.get("game", nil, "te_minor_spaces") or {}) do left[#left + 1] = hex end
  for _, p in ipairs(L.order_from(L.speaker())) do
    local f = L.te_dealt_minor_faction(p)
    if f and #left > 0 then
      local hex = left[1]
      if #left > 1 then
        hex = game.choose(p, { key = "te.minor_space", faction = L.name("factions", f) }, left)
      end
      for i, h in ipairs(left) do if h == hex then table.remove(left, i); break end end
      L.te_place_minor_faction(p, f, hex)
    end
  end
end

---------------------------------------------------------------------------
-- Minor faction systems are no home systems; their planets have all three
-- traits.
---------------------------------------------------------------------------
local base_is_home = L.is_home_system
function L.is_home_system(s)
  if L.te_minor_faction_of(s) then return false end
  return base_is_home(s)
end

local ALL_TRAITS = { "cultural", "hazardous", "industrial" }
local base_traits = L.planet_traits
function L.planet_traits(pl)
  if minor() then
    local s = game.planet_system(pl)
    if s and game.get("system", s, "te_minor") then return ALL_TRAITS end
  end
  return base_traits(pl)
end

---------------------------------------------------------------------------
-- Alliance cards.
---------------------------------------------------------------------------
--- The player who holds faction f's alliance card (taken with its minor faction system), or nil (still in the deck).
function L.te_alliance_card_holder(f) return game.get("game", nil, "te_alliance_card:" .. f) end

--- Prophecy of Kings hook: p took faction `faction`'s alliance card, from player `from` (nil: from the deck). Alliance cards give the faction's commander ability, which needs Prophecy of Kings: a pack that has it gives p the ability here and takes it from `from`. Default: nothing more (the card is recorded and logged by L.te_take_alliance_card).
function L.te_alliance_card_gained(p, faction, from) end

--- p takes faction f's alliance card from the deck or from its holder (nothing if p holds it).
function L.te_take_alliance_card(p, f)
  local from = L.te_alliance_card_holder(f)
  if from == p then return end
  game.put("game", nil, "te_alliance_card:" .. f, p)
  if from then
    game.log({ key = "te.alliance_card_taken_from", p = L.pn(p), faction = L.name("factions", f), q = L.pn(from) })
  else
    game.log({ key = "te.alliance_card_taken", p = L.pn(p), faction = L.name("factions", f) })
  end
  L.te_alliance_card_gained(p, f, from)
end

game.on("planet_gained", function(ctx)
  if not minor() then return end
  local s = game.planet_system(ctx.planet)
  local f = L.te_minor_faction_of(s)
  local p = ctx.player
  if not f or type(p) ~= "number" or p == 0 then return end
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) ~= p then return end
  end
  L.te_take_alliance_card(p, f)
end)

-- Thunder's Edge set-up additions: the relic deck, a discard pile for secret
-- objectives, the Thunder's Edge token (expedition side up), The Fracture
-- set aside, and the galactic events chosen as options.
local L = game.lib

local base_setup_decks = game.procedure_fn("setup_decks")
procedure("setup_decks", function()
  local r = base_setup_decks()
  L.deck("deck:relics", "relics")
  game.zone_new("discard:secrets")
  game.zone_new("purged")
  for p = 1, game.num_players() do game.zone_new("relics:" .. p, p) end
  -- Thunder's Edge starts off the board, its expedition side up.
  game.put("game", nil, "te_expedition", true)
  return r
end)

-- Hyperlanes (booklet "Hyperlanes"). A hyperlane tile is not a system: it is
-- never added to the galaxy, so nothing can move into, stop on, be placed on
-- or target it, and it counts as a system for nothing. A map lists the
-- hexes its hyperlane tiles fill (`hyperlane_tiles: {hex: tile}`, kept as
-- game properties `te_hyperlane:<hex>` for rules that must know the space is
-- taken) and, for each contiguous line of those tiles, the two systems at its
-- ends (`hyperlanes: [[hex, hex], ...]`); those two systems are adjacent for
-- every purpose. A tile where lines meet gives one pair per line.

--- Joins the systems at hexes a and b by a hyperlane (adjacent for every purpose).
function L.te_link_hyperlane(a, b)
  local sa, sb = game.system_at(a), game.system_at(b)
  if sa and sb then game.link(sa, sb, "hyperlane") end
end

--- The hyperlane tile (its number, e.g. "121A") filling hex `hex`, or nil when none does.
function L.te_hyperlane_tile(hex) return game.get("game", nil, "te_hyperlane:" .. hex) end

--- hook: whether hex `hex` is a space left empty at set-up for a system placed later (a hyperlane ending there is joined when that system is placed); default: none is.
function L.te_space_reserved(hex) return false end

--- Places map `map`'s hyperlane tiles and joins the systems at the ends of each of its lines (at set-up, after the systems are placed).
function L.te_place_hyperlanes(map)
  local tiles = map.hyperlane_tiles or {}
  for _, hex in ipairs(game.keys(tiles)) do
    if game.system_at(hex) then error("hyperlane tile " .. tiles[hex] .. " on hex " .. hex .. ", which holds a system") end
    game.put("game", nil, "te_hyperlane:" .. hex, tiles[hex])
  end
  for _, pair in ipairs(map.hyperlanes or {}) do
    if game.system_at(pair[1]) and game.system_at(pair[2]) then
      L.te_link_hyperlane(pair[1], pair[2])
    elseif not (L.te_space_reserved(pair[1]) or L.te_space_reserved(pair[2])) then
      error("hyperlane " .. pair[1] .. " - " .. pair[2] .. ": no system at one of its ends")
    end
  end
end

-- The galaxy a game builds when it names none: with five players, the
-- five-player hyperlane set-up (booklet "Five-player setup": it is how the
-- game is set up at five players, not an option; its map `hyperlanes_5p`);
-- with six players and the option `map_thunder_dreaming`, the premade map
-- "Thunder Dreaming"; otherwise ti4's.
local base_setup_map = L.setup_map
function L.setup_map(n)
  if game.options.map_thunder_dreaming then
    if n ~= 6 then error("the map Thunder Dreaming is for 6 players, not " .. tostring(n)) end
    return "thunder_dreaming"
  end
  if n == 5 then return "hyperlanes_5p" end
  return base_setup_map(n)
end

local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local r = base_build(ctx)
  local map = game.data.maps[ctx.map]
  if map then L.te_place_hyperlanes(map) end
  return r
end)

-- Galaxy building and card decks, shared by the editions.
local L = game.lib

--- hook: the system tiles build_galaxy places for map `map` (its data; ctx: build_galaxy's), a table hex -> tile; the home systems are placed apart. Default: the map's tiles as they are (a variant that changes the galaxy, such as a galactic event, returns another table).
function L.galaxy_tiles(map, ctx) return map.tiles end

-- Places a map's tiles and the players' home systems, with wormhole links.
procedure("build_galaxy", function(ctx)
  local map = game.data.maps[ctx.map]
  if not map then error("unknown map '" .. tostring(ctx.map) .. "'") end
  local placed = {}
  local tiles = L.galaxy_tiles(map, ctx)
  for _, hex in ipairs(game.keys(tiles)) do
    placed[#placed + 1] = { hex = hex, tile = tiles[hex] }
  end
  for p, hex in ipairs(map.homes) do
    if p <= game.num_players() then
      local fac = L.faction(p)
      placed[#placed + 1] = { hex = hex, tile = fac.home_system, home = p }
    end
  end
  for _, t in ipairs(placed) do
    local s = game.add_system(t.tile, t.hex)
    local d = game.data.systems[t.tile]
    for _, pl in ipairs(d.planets or {}) do game.add_planet(pl, s) end
    if t.home then game.put("player", t.home, "home", s) end
  end
  game.call("link_wormholes")
end)

-- Systems with the same wormhole are adjacent (LRR 101).
procedure("link_wormholes", function()
  local by = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)]
    for _, w in ipairs((d and d.wormholes) or {}) do
      by[w] = by[w] or {}
      table.insert(by[w], s)
    end
  end
  for _, w in ipairs(game.keys(by)) do
    local list = by[w]
    for i = 1, #list do
      for j = i + 1, #list do game.link(list[i], list[j], "wormhole:" .. w) end
    end
  end
end)

-- Places p's starting units (type -> count) in the order of L.unit_types():
-- ships in the space of system `home`, everything else on its first planet.
function L.place_starting_units(p, counts, home)
  local planets = game.planets_of(home)
  for _, t in ipairs(L.unit_types()) do
    local n = L.has_unit(p, t) and counts[t] or 0
    for _ = 1, n do
      if L.def(p, t).class == "ship" then
        game.spawn(t, p, { system = home })
      else
        game.spawn(t, p, { planet = planets[1] })
      end
    end
  end
end

-- A shuffled deck zone of every card of a collection (with `copies`).
local function deck(name, coll, filter)
  local cards = {}
  for _, id in ipairs(game.keys(game.data[coll] or {})) do
    local d = game.data[coll][id]
    if not filter or filter(d) then
      for _ = 1, (d.copies or 1) do cards[#cards + 1] = id end
    end
  end
  game.zone_new(name, nil, cards)
  game.shuffle(name)
end
L.deck = deck

-- Draws from a deck, reshuffling its discard pile when it runs out.
function L.draw(deckname, discard, to, n)
  local got = {}
  for _ = 1, n do
    if game.zone_count(deckname) == 0 and discard and game.zone_count(discard) > 0 then
      for _, c in ipairs(game.zone(discard)) do game.move_card(c, discard, deckname) end
      game.shuffle(deckname)
    end
    local d = game.draw(deckname, to, 1)
    if #d == 0 then break end
    got[#got + 1] = d[1]
  end
  return got
end


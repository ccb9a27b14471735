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

-- Hyperlanes: a map may list the systems that each contiguous line of
-- hyperlane tiles joins (`hyperlanes: [[hex, hex], ...]`); those systems are
-- adjacent for every purpose. Hyperlane tiles are not systems: nothing is
-- placed on them and no effect targets them, so they are links, not
-- systems. The booklet's five-player formation (tiles 119A-124A) is UNKNOWN
-- in our data, so no map lists hyperlanes yet.
--- Joins the systems at hexes a and b by a hyperlane (adjacent for every purpose).
function L.te_link_hyperlane(a, b)
  local sa, sb = game.system_at(a), game.system_at(b)
  if sa and sb then game.link(sa, sb, "hyperlane") end
end

local base_build = game.procedure_fn("build_galaxy")
procedure("build_galaxy", function(ctx)
  local r = base_build(ctx)
  local map = game.data.maps[ctx.map]
  for _, pair in ipairs((map and map.hyperlanes) or {}) do L.te_link_hyperlane(pair[1], pair[2]) end
  return r
end)

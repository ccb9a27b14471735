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

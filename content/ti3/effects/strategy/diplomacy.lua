-- Diplomacy: a named opponent and the holder may not activate systems holding
-- each other's units for the rest of the action phase; secondary readies up
-- to two exhausted planets outside the home system.
local L = game.lib
local function ready2(p)
  for _ = 1, 2 do
    local opts = { "none" }
    for _, pl in ipairs(game.planets_owned(p)) do
      if game.exhausted(pl) and game.planet_system(pl) ~= L.home(p) then opts[#opts + 1] = pl end
    end
    local pick = game.choose(p, { key = "ti3.ready_planet" }, opts)
    if pick == "none" then return end
    game.exhaust(pick, false)
    game.log({ key = "ti3.readies", p = L.pn(p), planet = L.name("planets", pick) })
  end
end
return {
  primary = function(p)
    local opts = {}
    for q = 1, game.num_players() do if q ~= p then opts[#opts + 1] = L.pn(q) end end
    local q = tonumber(game.choose(p, { key = "ti3.name_opponent_for_peace" }, opts):sub(2))
    game.put("game", nil, "peace:" .. p .. ":" .. q, true)
    game.put("game", nil, "peace:" .. q .. ":" .. p, true)
    game.log({ key = "ti3.are_peace_this_round", p = L.pn(p), q = L.pn(q) })
  end,
  secondary = ready2,
}

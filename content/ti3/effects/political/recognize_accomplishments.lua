-- Recognize Accomplishments (directive, elect a public objective).
-- The council elects one of the revealed public objectives; every control
-- marker on it is removed, so that the players who scored it may score it
-- again under the usual rules; they keep the points they have.
local L = game.lib
return {
  outcomes = function(def, opts)
    local out = {}
    for _, c in ipairs(game.zone("public")) do out[#out + 1] = c end
    table.sort(out)
    return out
  end,
  resolve = function(id, def)
    if not game.data.objectives[id] then return end
    for p = 1, game.num_players() do game.put("player", p, "scored:" .. id, nil) end
    game.log({ key = "ti3.objective_markers_removed", objective = L.name("objectives", id), card = L.name("political_cards", def.id) })
  end,
}

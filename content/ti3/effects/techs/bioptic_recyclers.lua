-- Bioptic Recyclers (Winnu): once per game round, as an action, discard an
-- action card to gain 2 trade goods or one command counter (the discard and
-- the gain: L.bioptic_recycle in rules/tech.lua).
local L = game.lib
local function round() return game.get("game", nil, "round") or 0 end
return {
  usable = function(p)
    return game.zone_count("actions:" .. p) > 0 and game.get("player", p, "bioptic_round") ~= round()
  end,
  component = function(p, def)
    game.put("player", p, "bioptic_round", round())
    L.bioptic_recycle(p, def, false)
  end,
}

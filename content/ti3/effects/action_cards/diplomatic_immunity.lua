-- Diplomatic Immunity (as an action): the player names a system holding at
-- least one of his ships; for the rest of the round no other player may
-- activate it (L.close_system, action_card_seams.lua). The card's "this
-- turn" is read as the game round (our reading; a card played as an action
-- would otherwise end with the player's own turn).
local L = game.lib
local function systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and u.carried == nil and not seen[u.system] and L.def(p, u.kind).class == "ship" then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end
return {
  usable = function(p) return #systems(p) > 0 end,
  component = function(p)
    local hexes = {}
    for _, s in ipairs(systems(p)) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.immunity_system" }, hexes))
    L.close_system(p, s)
    game.log({ key = "ti3.system_closed", p = L.pn(p), system = L.sysname(s) })
  end,
}

-- Local Unrest (SA): ti3's card (effects/action_cards/local_unrest.lua of
-- ti3: a controlled planet is exhausted and loses one ground force; with none
-- left it becomes neutral, its structures destroyed; Winnu ground forces
-- protect theirs) with SA's home system rule: a planet in another player's
-- home system may be picked if he allows it (L.sa_pick_with_home_permission,
-- rules/g_cards.lua).
local L = game.lib

-- Another player's home system planet only with his permission.
local function pick(p, prompt, planets)
  return L.sa_pick_with_home_permission(p, prompt, planets, function(x) return game.planet_system(x) end, "Local Unrest")
end

return L.card_scripts.local_unrest { home = true, pick = pick }

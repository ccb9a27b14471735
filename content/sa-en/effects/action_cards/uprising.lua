-- Uprising (SA): ti3's card (every controlled planet of one system is
-- exhausted) with SA's home system rule: another player's home system may be
-- picked if he allows it (L.sa_pick_with_home_permission, rules/g_cards.lua).
local L = game.lib
local function systems()
  local out = {}
  for s = 1, game.num_systems() do
    local any = false
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) and not game.exhausted(pl) then any = true end
    end
    if any then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
local function sys(pick) return tonumber(pick) or game.system_at(pick) end
return {
  usable = function(p) return #systems() > 0 end,
  component = function(p)
    local pick = L.sa_pick_with_home_permission(p, { key = "sa.system_in_uprising" }, systems(), sys, "Uprising")
    if not pick then return end
    for _, pl in ipairs(game.planets_of(sys(pick))) do
      if game.planet_owner(pl) and not game.exhausted(pl) then
        game.exhaust(pl, true)
        game.log({ key = "sa.planet_exhausted", planet = L.name("planets", pl) })
      end
    end
  end,
}

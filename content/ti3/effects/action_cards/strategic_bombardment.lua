-- Strategic Bombardment (as an action): with a war sun in a system holding
-- planets other players control, those planets are exhausted; then one die:
-- 6 or more, the card goes back to the player's hand instead of the discard
-- pile.
local L = game.lib
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    local ws = false
    for _, u in ipairs(L.ships(p, s)) do if L.def(p, u.kind).type == "war_sun" then ws = true end end
    local theirs = false
    for _, pl in ipairs(game.planets_of(s)) do
      local o = game.planet_owner(pl)
      if o and o ~= p then theirs = true end
    end
    if ws and theirs then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  usable = function(p) return #systems(p) > 0 end,
  component = function(p, def)
    local pick = game.choose(p, { key = "ti3.system_bombard" }, systems(p))
    local s = tonumber(pick) or game.system_at(pick)
    for _, pl in ipairs(game.planets_of(s)) do
      local o = game.planet_owner(pl)
      if o and o ~= p then
        game.exhaust(pl, true)
        game.log({ key = "ti3.exhausts", p = L.pn(p), planet = L.name("planets", pl) })
      end
    end
    local back = game.roll({ key = "ti3.strategic_bombardment_roll", p = L.pn(p) }, 1, 6)
    local id = def.played_as or def.id
    if back > 0 and game.move_card(id, "discard:actions", "actions:" .. p) then
      game.log({ key = "ti3.takes_back_into_hand", p = L.pn(p), card = L.name("action_cards", id) })
    end
  end,
}

-- Enhanced Armor (as an action): until the end of the round the player's
-- cruisers have the sustain damage ability (L.grant_unit_field,
-- action_card_seams.lua).
local L = game.lib
return {
  usable = function(p) return L.def(p, "cruiser").sustain_damage ~= true end,
  component = function(p)
    L.grant_unit_field(p, "cruiser", "sustain_damage", true)
    game.log({ key = "ti3.cruisers_sustain", p = L.pn(p) })
  end,
}

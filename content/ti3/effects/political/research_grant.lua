-- Research Grant (law, For/Against).
-- For: while the law is in play, every planet with a technology specialty
-- gives its technology credit toward technologies of every colour (game
-- prop specialty_any_colour, read by ti3's L.specialty_credit; the law's
-- repeal lifts it). (This pack counts no specialty credit in an ordinary
-- purchase, so the law shows where a card asks for credits: Opening the
-- Black Box.)
-- Against: for the rest of this round nobody may gain a yellow (general)
-- technology (L.bar_technology).
local L = game.lib
local function NAME() return L.name("political_cards", "research_grant") end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      L.bar_technology(nil, "yellow")
      game.log({ key = "ti3.no_colour_technology_this_round", color = "yellow" })
      return
    end
    game.put("game", nil, "specialty_any_colour", true)
    game.log({ key = "ti3.specialties_any_colour", card = NAME() })
  end,
  repeal = function(def) game.put("game", nil, "specialty_any_colour", nil) end,
}

-- Usurper: in the strategy phase, a player who controls Mecatol Rex puts the
-- card on it; while it stays, Mecatol Rex gives him twice its influence in
-- votes, ready or exhausted (L.planet_votes, action_card_seams.lua). It
-- goes once he no longer controls the planet (checked at the end of each
-- turn and before each vote). The card is discarded when played; the game
-- prop `usurper` keeps it in play.
local L = game.lib
local MECATOL = "mecatol_rex"
return {
  when = function(ctx, p)
    return p ~= nil and game.planet_owner(MECATOL) == p and game.get("game", nil, "usurper") ~= p
  end,
  run = function(ctx, p, def)
    game.put("game", nil, "usurper", p)
    game.log({ key = "ti3.usurper_placed", p = L.pn(p), card = L.name("action_cards", def.id), planet = L.name("planets", MECATOL) })
  end,
}

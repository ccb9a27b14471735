-- Gift of Prescience: at the end of the strategy phase, face up into the
-- holder's play area: they have the Naalu "0" token (first in initiative
-- order) and Telepathic does not apply (L.zero_token_player,
-- rules/promissory.lua); back at the end of the status phase.
return {
  when = function(ctx, p) return #game.lib.cards_of(p) > 0 end,
  run = function(ctx, p, owner, def) end,
}

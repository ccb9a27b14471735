-- Promissory notes (option sa_promissory_notes), held by the game: handing a
-- note over at the start of a turn, the Territorial Concession at the start of
-- a space combat round, the Voting Concession when an agenda is revealed.
-- The rules: rules/n_options2.lua (PROMISSORY NOTES).
local L = game.lib
return {
  turn_start = function(ctx) if ctx.player then L.sa_opt2.give_notes(ctx.player) end end,
  combat_round_start = function(ctx) L.sa_opt2.territorial(ctx) end,
  agenda_revealed = function(ctx) L.sa_opt2.voting(ctx) end,
}

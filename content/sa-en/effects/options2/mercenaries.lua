-- Mercenaries (option sa_mercenaries), held by the game: the auction and the
-- loyalty bids after a Trade strategic action, the combat round count for
-- evasion, and evasion itself. The rules: rules/n_options2.lua (MERCENARIES).
local L = game.lib
return {
  ["after:strategic_action"] = function(ctx) L.sa_opt2.after_trade(ctx) end,
  combat_round_start = function(ctx)
    game.put("game", nil, "sa_merc_combat_round", (game.get("game", nil, "sa_merc_combat_round") or 0) + 1)
  end,
  after_sustain = function(ctx) L.sa_opt2.evasion(ctx) end,
}

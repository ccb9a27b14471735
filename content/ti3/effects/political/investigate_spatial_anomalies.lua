-- Investigate Spatial Anomalies (law, For/Against).
-- For: while the law is in play, ion storms and nebulae no longer affect
-- the movement of ships: ships pass through them and leave a nebula at
-- their full move (game prop anomalies_ignored, read by ti3's
-- L.move_rules and L.move_value; the law's repeal lifts it). Their other
-- effects (combat, space cannon) stay.
-- Against: for the rest of this round no ship may enter a system with an
-- anomaly (game prop anomalies_closed_round).
local L = game.lib
local function NAME() return L.name("political_cards", "investigate_spatial_anomalies") end
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "anomalies_ignored", { ion_storm = true, nebula = true })
      game.log({ key = "ti3.anomalies_ignored", card = NAME() })
      return
    end
    game.put("game", nil, "anomalies_closed_round", game.get("game", nil, "round") or 0)
    game.log({ key = "ti3.anomalies_closed", card = NAME() })
  end,
  repeal = function(def) game.put("game", nil, "anomalies_ignored", nil) end,
}

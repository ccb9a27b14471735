-- War Funding (law, For/Against).
-- For: while the law is in play, fleet supply limits are ignored in the
-- action phase (game prop fleet_supply_ignored, read by
-- L.fleet_supply_ignored: set when the law passes and at every action
-- phase's start); as the status phase starts it is lifted and every player
-- removes the ships beyond his limit in each system. The law's repeal
-- lifts it too (and the limits are checked at once).
-- Against: every player puts one command counter of his fleet supply back
-- into his reinforcements.
local L = game.lib
local function NAME() return L.name("political_cards", "war_funding") end
local function enforce()
  game.put("game", nil, "fleet_supply_ignored", nil)
  for _, p in ipairs(L.order_from(L.speaker())) do
    for _, s in ipairs(L.systems_with_ships(p)) do L.enforce_limits(p, s) end
  end
end
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "fleet_supply_ignored", true)
      game.log({ key = "ti3.fleet_supply_ignored", card = NAME() })
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if game.counter(p, "fleet") > 0 then
        game.add(p, "fleet", -1)
        game.log({ key = "ti3.loses_fleet_counter", p = L.pn(p), card = NAME() })
        for _, s in ipairs(L.systems_with_ships(p)) do L.enforce_limits(p, s) end
      end
    end
  end,
  repeal = function(def) enforce() end,
  ["before:action_phase"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    game.put("game", nil, "fleet_supply_ignored", true)
  end,
  ["before:status_phase"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    enforce()
  end,
}

-- Fleet Regulations (law, For/Against).
-- For: while the law is in play, a fleet supply is capped at 5 command
-- counters: the excess goes back to his reinforcements
-- when the law passes and after every status phase step that places
-- counters (after:gain_command_tokens) and every strategic action
-- (after:strategic_action); ships beyond the new limit are then removed.
-- Against: every player puts one command counter from his reinforcements
-- into his fleet supply (if he has one there).
local L = game.lib
local function NAME() return L.name("political_cards", "fleet_regulations") end
local MAX = 5
local function cap_all()
  for _, p in ipairs(L.order_from(L.speaker())) do
    local n = game.counter(p, "fleet") - MAX
    if n > 0 then
      game.add(p, "fleet", -n)
      game.log({ key = "ti3.fleet_supply_capped", p = L.pn(p), n = n, max = MAX, card = NAME() })
      for _, s in ipairs(L.systems_with_ships(p)) do L.enforce_limits(p, s) end
    end
  end
end
return {
  resolve = function(outcome, def)
    if outcome == "for" then cap_all(); return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if L.reinforcements(p) > 0 then
        game.add(p, "fleet", 1)
        game.log({ key = "ti3.gains_fleet_counter", p = L.pn(p), card = NAME() })
      end
    end
  end,
  ["after:gain_command_tokens"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    cap_all()
  end,
  ["after:strategic_action"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    cap_all()
  end,
}

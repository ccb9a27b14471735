-- Grand Armada: played as the strategy phase begins; for this round the
-- player's fleet supply does not limit his ships in his home system. When
-- the status phase is over, the ships there beyond his normal limit are
-- removed (the rules' L.change_fleet_supply).
local L = game.lib
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and L.home(p) ~= nil end,
  run = function(ctx, p)
    L.change_fleet_supply(p, L.home(p), "none")
    game.log({ key = "ti3.no_fleet_supply_at_home", p = L.pn(p), system = L.sysname(L.home(p)) })
  end,
}

-- War Footing (as an action): the player names a system; for the rest of
-- the round his fleet supply there is 2 higher. When the status phase is
-- over, the ships beyond his normal limit there are removed (the rules'
-- L.change_fleet_supply).
local L = game.lib
return {
  usable = function(p) return true end,
  component = function(p)
    local opts = {}
    for s = 1, game.num_systems() do opts[#opts + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.system_war_footing" }, opts))
    L.change_fleet_supply(p, s, 2)
    game.log({ key = "ti3.fleet_supply_higher", p = L.pn(p), system = L.sysname(s), n = 2 })
  end,
}

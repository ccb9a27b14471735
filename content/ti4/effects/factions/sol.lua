-- Federation of Sol, faction-wide effects. Flagship Genesis: when the status
-- phase ends, 1 infantry from reinforcements goes into the space area of the
-- flagship's system (then capacity is checked as for any placement).
local L = game.lib

return {
  ["after:status_phase"] = function(ctx, p)
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and L.has_flagship_ability(p, u, "sol_flagship") then
        game.spawn("infantry", p, { system = u.system })
        game.log({ key = "ti4.places_infantry_in", p = L.pn(p), system = L.sysname(u.system), card = L.name("units", "sol_flagship") })
        L.enforce_limits(p, u.system)
      end
    end
  end,
}

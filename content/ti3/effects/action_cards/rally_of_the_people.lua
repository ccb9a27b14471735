-- Rally of the People (as an action): a dreadnought from reinforcements,
-- free, in the player's home system (fleet supply holds there as usual).
local L = game.lib
return {
  usable = function(p)
    local lim = L.def(p, "dreadnought").limit
    return L.home(p) ~= nil and not (lim and game.count_units { owner = p, kind = "dreadnought" } >= lim)
  end,
  component = function(p)
    local s = L.home(p)
    game.spawn("dreadnought", p, { system = s })
    game.log({ key = "ti3.places_dreadnought", p = L.pn(p), system = L.sysname(s) })
    L.enforce_limits(p, s)
  end,
}

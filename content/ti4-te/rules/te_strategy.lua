local L = game.lib

-- Construction's primary uses the PRODUCTION of 1 space dock (AsyncTI4
-- strategy_cards/te.json): a production step with ctx.te_one_dock counts
-- the best of the player's space docks in the system, not the other units
-- with PRODUCTION there (Arborec's infantry); never more than the system
-- would give (an entropic scar, Holy Planet of Ixth).
local base_production_value = L.production_value
function L.production_value(ctx)
  local n = base_production_value(ctx)
  if not ctx.te_one_dock then return n end
  local best = 0
  for _, u in ipairs(game.units { system = ctx.system, owner = ctx.player }) do
    if L.def(ctx.player, u.kind).type == "space_dock" then best = math.max(best, L.unit_production(ctx.player, u)) end
  end
  return math.min(n, best)
end

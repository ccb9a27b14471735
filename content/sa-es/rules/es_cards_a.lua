-- Strategy cards changed by seed 001 ("Cartas Estratégicas"): Bureaucracy,
-- Warfare II, Diplomacy II and Production. Data: cards_a.yaml; card scripts:
-- effects/cards_a/. This file:
--   * gives the game the Diplomacy II handler (its extra effect listens to
--     sa-en's `hostile_act` window; ti3 already grants Bureaucracy and
--     Warfare II, whose handlers listen to windows too);
--   * makes the Production secondary count one space dock only: while player
--     prop sa_es_one_dock holds a dock's unit id, the production capacity of
--     that player in the dock's system leaves out every other space dock.
local L = game.lib

local function dock_capacity(p, u)
  local d = L.def(p, u.kind)
  if (d.type or u.kind) ~= "space_dock" or u.sa_exhausted or u.dock_moved then return 0 end
  return L.unit_production(p, u)
end

-- (ti3's limit of the secondary, player prop production_limit, is applied
-- by a wrapper inside this one: it is lifted while the parent counts and
-- applied again to the one dock's capacity.)
local base_production = L.production
function L.production(p, s)
  local one = type(p) == "number" and game.get("player", p, "sa_es_one_dock")
  if not one then return base_production(p, s) end
  local lim = game.get("player", p, "production_limit")
  game.put("player", p, "production_limit", nil)
  local ok, n = pcall(base_production, p, s)
  game.put("player", p, "production_limit", lim)
  if not ok then error(n, 0) end
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if u.id ~= one then n = n - dock_capacity(p, u) end
  end
  if lim then n = math.min(n, lim) end
  return math.max(0, n)
end

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  local r = base_setup(args)
  if game.options.se_strategy_cards and game.data.strategy_cards.diplomacy_ii then
    game.grant("game", "strategy_cards", "diplomacy_ii")
  end
  return r
end)

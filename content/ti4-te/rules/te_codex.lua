-- Twilight Codex action cards whose effect reaches a later point of the
-- rules (cards/action_cards.yaml): they mark the step's ctx or a game prop,
-- and the hooks here read the mark.
local L = game.lib

-- War Machine: the production step it was played in (ctx.te_war_machine)
-- has 4 more production value and costs 1 less in all.
local base_production_value = L.production_value
function L.production_value(ctx)
  return base_production_value(ctx) + (ctx.te_war_machine and 4 or 0)
end
local base_production_discount = L.production_discount
function L.production_discount(ctx)
  return base_production_discount(ctx) + (ctx.te_war_machine and 1 or 0)
end

-- Solar Flare: "te_solar_flare:<p>" set after p activated a system; other
-- players' space cannons do not fire at p's ships in the space cannon
-- offense of that tactical action.
local base_offense_reaches = L.space_cannon_offense_reaches
function L.space_cannon_offense_reaches(q, p, ctx)
  if game.get("game", nil, "te_solar_flare:" .. p) then return false end
  return base_offense_reaches(q, p, ctx)
end
game.on("after:tactical_action", function(ctx)
  for p = 1, game.num_players() do
    if game.get("game", nil, "te_solar_flare:" .. p) then game.put("game", nil, "te_solar_flare:" .. p, nil) end
  end
end)

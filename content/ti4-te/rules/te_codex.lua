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

-- ti3's fights as plans (`imperium combat`). The helpers and procedures of
-- a space combat that ti3 replaces add its rules for races, technologies,
-- flagships, action cards, anomalies and space cannons; in a plain fight
-- (two players with no race, technology or card, ships only, in an empty
-- system: what `combat_plan` accepts) each does exactly what ti-common's
-- does, so the kernel may run the fight from the plan. (TI3's retreat
-- announcement asks the attacker first; a plain fight's system has no
-- neighbours, so nobody has anywhere to retreat and nobody is asked.) The test
-- `ti3_plans_play_the_same_fights_as_the_procedure` (tests/combat_exact.rs)
-- holds this to account: the same seeds give the same results both ways.
-- A pack on top of ti3 that replaces any of them again must say so for its
-- own replacement (L.plain_wrapper), or its fights run the procedure.
local L = game.lib

for _, n in ipairs({
  "anomaly_rule", "assign_combat_hits", "assign_hits", "capacity", "combat_roll", "count_fleet",
  "def", "enforce_limits", "fire_cannons", "flag", "fleet_limit", "fleet_limit_in", "hit_options",
  "retreat_options", "announce_retreats",
}) do
  if L[n] ~= game.lib_first(n) then L.plain_wrapper(L[n], game.lib_first(n)) end
end
for _, n in ipairs({ "space_cannon_offense", "space_combat", "anti_fighter_barrage" }) do
  if game.procedure_fn(n) ~= game.procedure_first(n) then
    L.plain_wrapper(game.procedure_fn(n), game.procedure_first(n))
  end
end

-- Shattered Ascension, Spanish rulebook (seed 001, "Líderes"): leaders where
-- they differ from sa-en (seed 000, rules/f_leaders.lua = L.sa_leaders,
-- whose numbers are read at run time from sa_leader_rules.rules; that
-- definition carries a script, so the numbers are changed here when setup
-- starts rather than patched).
--
--   * Fate roll: 1 killed, 2-8 captured, 9-10 escapes (000: 2-7 captured,
--     8-10 escapes).
--   * Diplomats: the invader may overturn a diplomat's objection for 10
--     influence (000: 6); the diplomat then escapes.
--   * Executing a captive in the status phase: the executioner exhausts one
--     of his unexhausted planets (000: or gives up control of one).
--   * Generals: both invasion combat abilities, attacking and defending (as
--     000); 001 does not change the TI3 bombardment penalty against their
--     planet: -4 (000: -3).
--   * Scientists: 001 keeps the TI3 space dock cost on their planet (2; 000:
--     3) and has no prerequisite skipping (000's "exhaust a specialty planet to
--     skip a prerequisite"): off.
--   * Admirals: 001 does not change them (000 lets a fleet with an admiral
--     retreat without the command counter): that waiver is off. The TI3
--     admiral's bar on enemy retreats, which 000 removes, is put back in
--     es_rules_b.lua.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

-- (The numbers above are a data patch of sa-en's sa_leader_rules in
-- es_data.yaml.)

local F = L.sa_leaders
if F and F.eureka then
  F.eureka = function() return nil end
end

local R = L.sa_retreat
if R and R.free_retreat then
  R.free_retreat = function() return false end
end



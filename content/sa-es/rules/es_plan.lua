-- The Spanish rulebook's fights as plans (`imperium combat`), as sa-en's
-- q_plan.lua does for sa-en. In a plain fight (two players with no race,
-- technology, leader or card in play, ships only, in an empty system: what
-- ti-common's `combat_plan` accepts) each replacement this pack makes of a
-- procedure or helper the fight runs hands over to the one below it:
--   * L.def (es_races.lua: Muaat war suns bombard with one die;
--     es_rules_d.lua: Arborec ground forces cost 1): only for a player of
--     that race;
--   * L.fire_cannons (es_flagships.lua: the Yssaril flagship's fleet is not
--     fired at, option `flagships`; es_sas.lua: a PDS fires into one system
--     of a simultaneous action, option `sa_simultaneous_actions`) and the
--     procedure space_cannon_offense (es_flagships.lua: notes the system
--     fired into for the flagship rule, nothing else);
--   * L.enforce_limits (es_victory.lua): the Saar's three space docks to a
--     system, option `increased_limits`;
--   * the procedure space_combat and L.combat_round_starting
--     (es_v001_retreat.lua): retreats are announced as each round starts;
--     in a system with no neighbour nobody may announce one (and the
--     default policy never does), so nothing is asked and no retreat
--     happens.
-- The units are sa-en's as far as such a fight goes (es_data.yaml changes
-- only the war sun's move and bombardment, which a space combat does not
-- read): a war sun sustains two hits, a dreadnought rolls two dice, and a
-- unit rolls one die fewer per hit it has taken, never fewer than one, all
-- carried by sa-en's L.plan_unit. The test
-- `sa_es_plans_play_the_same_fights_as_the_procedure`
-- (tests/combat_exact.rs) holds this to account: the same seeds give the
-- same results both ways.
--
-- Loaded last. A replacement this pack makes later of any helper or
-- procedure the fight runs keeps its fights on the procedure until it is
-- added to REVIEWED below, once read; a pack on top of this one that
-- replaces one of them again must say so for its own replacement.
local L = game.lib

-- The helpers and procedures this pack replaces, read as above.
local REVIEWED = {
  def = true, fire_cannons = true, enforce_limits = true, combat_round_starting = true,
  space_cannon_offense = true, space_combat = true,
}

-- Options that change nothing in such a fight (sa-en's); with any other
-- option on, the fight runs the procedure. The two players have no race.
local QUIET = { se_strategy_cards = true, leaders = true, facilities = true, long_game = true }
local function plain(board)
  for _, k in ipairs(game.keys(game.options)) do
    if game.options[k] and not QUIET[k] then return false end
  end
  for _, p in ipairs({ board.attacker or 1, board.defender or 2 }) do
    if game.get("player", p, "faction") ~= nil then return false end
  end
  return true
end

-- Only what this pack and its parents defined, every definer of it, this
-- pack among them (sa-en marks the others).
local OURS = { ["ti-common"] = true, ti3 = true, ["sa-en"] = true, ["sa-es"] = true }
game.when_loaded(function() L.sa_mark_plain(OURS, plain, "sa-es", REVIEWED) end)

-- TI3 retreats (the rulebook's space battle steps, as players quote them;
-- the rulebook itself is not in the public sources):
--   * at the start of each round the attacker may announce a withdrawal;
--     only if he did not may the defender announce a retreat;
--   * the fleet leaves after the round's dice, for an adjacent system its
--     owner has already activated (one of his command counters is there), so
--     no counter is placed; with no such system he may not announce at all.
-- Our readings: the system must hold none of another player's ships, and it
-- must be one his ships may stop in (no supernova, no asteroid field he
-- could not end a move in). The Shattered Empire "tactical retreats" option
-- (rules/options_a.lua) adds unactivated systems on top of these. ti-common's
-- shared rule stays L.retreat_options_base.
local L = game.lib

-- hook: whether p's fleet fighting in s may retreat into the adjacent system t; default (TI3): t holds one of p's command counters, none of another player's ships, and p's ships may stop there.
function L.retreat_destination_ok(p, s, t)
  if not game.has_token(t, "command", p) or #L.other_ships(p, t) > 0 then return false end
  for _, b in ipairs(L.move_rules(p, t).blocked) do
    if b == t then return false end
  end
  return true
end

function L.retreat_options(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    if L.retreat_destination_ok(p, s, t) then out[#out + 1] = t end
  end
  return out
end

-- The attacker announces first; the defender only if the attacker did not.
function L.announce_retreats(a, d, s, round, ctx)
  for _, p in ipairs({ a, d }) do
    if #L.retreat_options(p, s) > 0 then
      if game.choose(p, { key = "announce_retreat" }, { "no", "yes" }) == "yes" then
        game.log({ key = "announces_retreat", p = L.pn(p) })
        -- Another effect may stop the retreat this round (ctx.cancel).
        local w = game.window("retreat_announced", { player = p, active = a, attacker = a, defender = d, system = s, round = round })
        if w.cancel then
          game.log({ key = "cannot_retreat_this_round", p = L.pn(p) })
        else
          return p
        end
        -- (An attacker whose withdrawal was stopped still announced one.)
        return nil
      end
    end
  end
  return nil
end

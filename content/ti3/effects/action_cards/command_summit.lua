-- Command Summit: two command counters from reinforcements into the command
-- pool (the tactic pool here), played as the strategy phase begins (the
-- strategy phase opens no other window). With a single counter left in
-- reinforcements only that one is gained (our reading).
local L = game.lib
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and L.reinforcements(p) > 0 end,
  run = function(ctx, p)
    local n = math.min(2, L.reinforcements(p))
    game.add(p, "tactic", n)
    game.log({ key = n == 1 and "ti3.puts_command_counters_one" or "ti3.puts_command_counters_many", p = L.pn(p), n = n })
  end,
}

-- Insubordination (as an action): one command counter leaves another
-- player's command pool (back to reinforcements).
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and game.counter(q, "tactic") > 0 then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local q = tonumber(game.choose(p, { key = "ti3.player_who_loses_command" }, targets(p)):sub(2))
    game.add(q, "tactic", -1)
    game.log({ key = "ti3.loses_command_counter", p = L.pn(q) })
  end,
}

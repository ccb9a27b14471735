-- Unexpected Action (as an action): one of the player's command counters on
-- the board goes back to its reinforcements.
local L = game.lib
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if game.has_token(s, "command", p) then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  usable = function(p) return #systems(p) > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.command_counter_take_back" }, systems(p))
    local s = tonumber(pick) or game.system_at(pick)
    game.remove_token(s, "command", p)
    game.log({ key = "ti3.takes_back_its_command", p = L.pn(p), system = L.sysname(s) })
  end,
}

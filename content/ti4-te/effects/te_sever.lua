-- Sever (Crimson note): as an action, its holder puts it face up in their
-- play area and the sever token in a system with their units; that system's
-- wormholes have no effect during movement until the end of the status
-- phase (rules/te_crimson.lua: L.te_sever, and the note's return).
local L = game.lib

local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if game.count_units { system = s, owner = p } > 0 and #L.wormholes_in(s) > 0 and game.system(s).hex then
      out[#out + 1] = game.system(s).hex
    end
  end
  return out
end

return {
  usable = function(p, owner) return game.get("game", nil, "te_sever") == nil and #systems(p) > 0 end,
  component = function(p, owner, def)
    local s = game.system_at(game.choose(p, { key = "te.sever_system" }, systems(p)))
    L.te_sever(s)
    game.log({ key = "te.severs", p = L.pn(p), system = L.sysname(s) })
  end,
}

-- Strategic Redeployment (as an action): the player puts each of his ships
-- in one system in a zone of his choice (the D zones: outside a battle the
-- ships of a system are its defenders).
local L = game.lib
local function systems(p)
  local set = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.carried == nil and L.def(p, u.kind).class == "ship" then set[u.system] = true end
  end
  return game.keys(set)
end
return {
  usable = function(p) return #systems(p) > 0 end,
  component = function(p)
    local opts = {}
    for _, s in ipairs(systems(p)) do opts[#opts + 1] = game.system(s).hex or tostring(s) end
    local pick = game.choose(p, { key = "tacs.redeploy_which" }, opts)
    local s = tonumber(pick) or game.system_at(pick)
    L.tacs_redeploy(p, s)
  end,
}

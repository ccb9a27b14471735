-- Into the Breach: before a space battle, the player names one of his
-- dreadnoughts there; for the whole battle his ships get +1 on their accuracy
-- rolls while that dreadnought is among his ships nearest the planet.
local L = game.lib
local function dreadnoughts(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if (L.def(p, u.kind).type or u.kind) == "dreadnought" then out[#out + 1] = u.kind .. "#" .. u.id end
  end
  return out
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    return L.tacs_current_battle() ~= nil and (p == ctx.attacker or p == ctx.defender) and #dreadnoughts(p, ctx.system) > 0
  end,
  run = function(ctx, p)
    local B = L.tacs_current_battle()
    local pick = game.choose(p, { key = "tacs.breach_dreadnought" }, dreadnoughts(p, ctx.system))
    B.breach = B.breach or {}
    B.breach[p] = tonumber(pick:match("#(%d+)$"))
  end,
}

-- Secret objective (action phase): during space cannon offense, destroy the
-- last non-fighter ships another player has in the active system. Each
-- shooter's hits are assigned right after its space_cannon_hits window, so
-- the holder's shots are judged at the next such window or at the end of the
-- step: the target had non-fighter ships there before and has none after.
local L = game.lib

local function non_fighters(q, s)
  local n = 0
  for _, u in ipairs(L.ships(q, s)) do
    if L.def(q, u.kind).type ~= "fighter" then n = n + 1 end
  end
  return n
end

local function settle(p, def)
  local pend = game.get("player", p, "ttfd_pending")
  game.put("player", p, "ttfd_pending", nil)
  if pend and pend.before > 0 and non_fighters(pend.target, pend.system) == 0 then
    L.score(p, "secret_objectives", def.id)
    return true
  end
end

return {
  check = function(p, def) return false end,
  ["before:space_cannon_offense"] = function(ctx, p, def)
    game.put("player", p, "ttfd_pending", nil)
  end,
  space_cannon_hits = function(ctx, p, def)
    if settle(p, def) then return end
    if ctx.shooter == p and ctx.player ~= p then
      game.put("player", p, "ttfd_pending",
        { target = ctx.player, system = ctx.system, before = non_fighters(ctx.player, ctx.system) })
    end
  end,
  ["after:space_cannon_offense"] = function(ctx, p, def)
    settle(p, def)
  end,
}

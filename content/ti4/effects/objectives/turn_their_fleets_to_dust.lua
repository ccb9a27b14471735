-- Secret objective (action phase): during space cannon offense, destroy the
-- last non-fighter ships another player has in the active system. Each
-- shooter's hits are assigned right after its space_cannon_hits window, so
-- the holder's shots are judged at the next such window or at the end of the
-- step: the target had non-fighter ships there before and has none after.
-- Experimental Battlestation counts as fire of that step (it works in the
-- space cannon offense timing window, LRR FAQ on the card), though its
-- space_cannon_hits window opens once the movement is over: its shots are
-- settled as the step begins, or when the tactical action ends if the
-- step never comes.
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
    settle(p, def)
  end,
  space_cannon_hits = function(ctx, p, def)
    if settle(p, def) then return end
    -- (Space cannon defense fires at ground forces only: not counted.)
    if ctx.shooter == p and ctx.player ~= p and not ctx.defense then
      game.put("player", p, "ttfd_pending",
        { target = ctx.player, system = ctx.system, before = non_fighters(ctx.player, ctx.system) })
    end
  end,
  ["after:space_cannon_offense"] = function(ctx, p, def)
    settle(p, def)
  end,
  ["after:tactical_action"] = function(ctx, p, def)
    settle(p, def)
  end,
}

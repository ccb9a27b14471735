-- Secret objective (action phase): destroy another player's war sun or
-- flagship. The holder p must be the one destroying it: either p's opponent
-- loses one during a space combat p fights (hits, action cards, anything in
-- the combat), or p's space cannon hits destroy one during space cannon
-- offense. A ship that retreats still exists, so it does not count, nor do
-- ships removed for the fleet pool (LRR 61.9a: not destroyed).
local L = game.lib

local function greatest(s, q)
  local out = {}
  for _, u in ipairs(game.units { system = s, owner = q, space = true }) do
    local t = L.def(q, u.kind).type
    if t == "war_sun" or t == "flagship" then out[#out + 1] = u.id end
  end
  return out
end

local function gone(ids)
  for _, id in ipairs(ids or {}) do
    if not game.unit_exists(id) then return true end
  end
  return false
end

-- Space cannon: the shots of one shooter are assigned right after the
-- space_cannon_hits window, so the next window tells what they destroyed.
-- Experimental Battlestation fires once the movement is over (its
-- space_cannon_hits window comes before the space cannon offense step):
-- what it destroyed is settled as that step begins, or when the tactical
-- action ends if the step never comes.
local function settle(p, def)
  local ids = game.get("player", p, "dtgs_pending")
  game.put("player", p, "dtgs_pending", nil)
  if ids and gone(ids) then
    L.score(p, "secret_objectives", def.id)
    return true
  end
end

return {
  check = function(p, def) return false end,
  ["before:space_combat"] = function(ctx, p, def)
    local opp = ctx.defender or L.enemies_in(ctx.player, ctx.system)[1]
    if ctx.player == p and opp then
      ctx["dtgs:" .. p] = greatest(ctx.system, opp)
    elseif opp == p then
      ctx["dtgs:" .. p] = greatest(ctx.system, ctx.player)
    end
  end,
  ["after:space_combat"] = function(ctx, p, def)
    local ids = ctx["dtgs:" .. p]
    ctx["dtgs:" .. p] = nil
    -- (One objective per combat, LRR 61.7: L.combat_objective.)
    if ids and gone(ids) then L.combat_objective(ctx, p, "secret_objectives", def.id) end
  end,
  ["before:space_cannon_offense"] = function(ctx, p, def)
    settle(p, def)
  end,
  space_cannon_hits = function(ctx, p, def)
    if settle(p, def) then return end
    -- (Space cannon defense fires at ground forces only: not counted.)
    if ctx.shooter == p and ctx.player ~= p and not ctx.defense then
      game.put("player", p, "dtgs_pending", greatest(ctx.system, ctx.player))
    end
  end,
  ["after:space_cannon_offense"] = function(ctx, p, def)
    settle(p, def)
  end,
  ["after:tactical_action"] = function(ctx, p, def)
    settle(p, def)
  end,
}

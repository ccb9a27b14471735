-- Skilled Retreat: as a round of space combat starts, the player's ships
-- leave for an adjacent system without other players' ships; the combat
-- ends in a draw and a command token from reinforcements goes there (the
-- card's `tokens`, read through L.card_value).
local L = game.lib
local function targets(ctx, p)
  local out = {}
  for _, t in ipairs(game.adjacent(ctx.system, "move")) do
    -- The anomalies that bar a ship from moving in bar it too (LRR 59.1,
    -- 86.1, 11.1: L.ships_may_enter_outside_movement).
    if t ~= ctx.system and #L.effect_other_ships(p, t) == 0 and L.ships_may_enter_outside_movement(p, t) then out[#out + 1] = game.system(t).hex or tostring(t) end
  end
  return out
end
return {
  when = function(ctx, p)
    return not ctx.ground and ctx.system ~= nil and (ctx.attacker == p or ctx.defender == p) and not ctx.end_combat
      and #L.ships(p, ctx.system) > 0 and #targets(ctx, p) > 0
  end,
  run = function(ctx, p, def)
    local pick = game.choose(p, { key = "retreat_to" }, targets(ctx, p))
    local t = tonumber(pick) or game.system_at(pick)
    -- Moving out of a gravity rift, each ship rolls first (LRR 41.2); what
    -- a lost ship held is then over capacity where the others arrive.
    L.roll_leaving_rift(p, ctx.system)
    for _, u in ipairs(game.units { system = ctx.system, owner = p, space = true }) do
      if u.carried == nil then game.move_unit(u.id, { system = t }) end
    end
    -- (From a pool of the command sheet when reinforcements are empty, LRR 20.3b.)
    if L.card_value(def, "tokens", p) > 0 then L.place_command_token(p, t) end
    game.log({ key = "retreats_to", p = L.pn(p), system = L.sysname(t) })
    L.enforce_limits(p, t)
    ctx.end_combat = "draw"
  end,
}

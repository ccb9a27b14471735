-- Naalu: when attacked, the fleet may retreat before the space battle
-- begins, under the normal retreat rules (a legal destination; the retreat
-- may be stopped through the retreat_announced window). Under TI3's rule the
-- destination already holds a counter of the Naalu (rules/retreat3.lua); one
-- opened by another rule without a counter gets one from reinforcements.
local L = game.lib

local function defender(ctx)
  return ctx.defender or L.enemies_in(ctx.player, ctx.system)[1]
end

return {
  when = function(ctx, p)
    local s = ctx.system
    return p ~= ctx.player and p == defender(ctx) and #L.ships(p, s) > 0 and #L.retreat_options(p, s) > 0
  end,
  run = function(ctx, p, def)
    local a, s = ctx.player, ctx.system
    if game.choose(p, { key = "ti3.retreat_before_space_battle", ability = L.name("race_abilities", def.id) }, { "no", "yes" }) ~= "yes" then return end
    game.log({ key = "ti3.announces_retreat_before_battle", p = L.pn(p), ability = L.name("race_abilities", def.id) })
    local w = game.window("retreat_announced", { player = p, active = a, attacker = a, defender = p, system = s, round = 0 })
    if w.cancel then
      game.log({ key = "ti3.cannot_retreat", p = L.pn(p) })
      return
    end
    local opts = {}
    for _, t in ipairs(L.retreat_options(p, s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
    local pick = game.choose(p, { key = "ti3.retreat_to" }, opts)
    local t = tonumber(pick) or game.system_at(pick)
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      if u.carried == nil then game.move_unit(u.id, { system = t }) end
    end
    if not game.has_token(t, "command", p) then
      if L.reinforcements(p) <= 0 then
        local pools = {}
        for _, pool in ipairs(L.POOLS) do
          if game.counter(p, pool) > 0 then pools[#pools + 1] = pool end
        end
        if #pools > 0 then game.add(p, game.choose(p, { key = "ti3.take_command_token_retreat" }, pools), -1) end
      end
      if L.reinforcements(p) > 0 then game.place_token(t, "command", p) end
    end
    game.log({ key = "ti3.retreats", p = L.pn(p), system = L.sysname(t) })
    L.enforce_limits(p, t)
    -- No battle: the space combat step is skipped.
    ctx.cancel = true
  end,
}

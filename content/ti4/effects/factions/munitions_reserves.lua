-- Letnev, Munitions Reserves: as each space combat round begins the player
-- may pay 2 trade goods, and then reroll as many of their dice as they like
-- during that round.
-- combat_round_start: asked when the player fights the space combat and has
-- 2 trade goods; the round is noted in the player prop `munitions:round`,
-- cleared when the round ends. combat_rolled: after the player's combat
-- dice of that round, for each group of units with missed dice the player
-- says whether to reroll them (each die once, LRR 74.2; the new result
-- counts, LRR 74.1). Rerolling a die that hit cannot help (no effect reads
-- a hit die), so only missed dice are offered. Anti-fighter barrage rolls
-- are not combat rolls (LRR 10.1c) and are not rerolled.
local L = game.lib
local KEY = "munitions:round"

local function fighting(ctx, p)
  return not ctx.ground and ctx.system ~= nil and ctx.mods ~= nil and (p == ctx.attacker or p == ctx.defender)
end

return {
  when = function(ctx, p)
    local w = ctx.window
    if w == "combat_round_start" then return fighting(ctx, p) end
    if w == "combat_rolled" then return ctx.player == p and not ctx.ground and game.get("player", p, KEY) ~= nil end
    return game.get("player", p, KEY) ~= nil
  end,

  combat_round_start = function(ctx, p, def)
    game.put("player", p, KEY, nil)
    if game.counter(p, "tg") < 2 then return end
    local name = L.name("abilities", def.id)
    if game.choose(p, { key = "ti4.munitions_offer", ability = name }, { "no", "yes" }) ~= "yes" then return end
    game.add(p, "tg", -2)
    game.put("player", p, KEY, ctx.round or true)
    game.log({ key = "ti4.spends_2_tg", p = L.pn(p), ability = name })
  end,

  combat_rolled = function(ctx, p, def)
    local name = L.name("abilities", def.id)
    for _, g in ipairs(ctx.groups or {}) do
      local missed = {}
      for i, r in ipairs(g.rolls or {}) do
        if r < g.target then missed[#missed + 1] = i end
      end
      if #missed > 0 and game.choose(p, { key = #missed == 1 and "ti4.munitions_reroll_1" or "ti4.munitions_reroll", ability = name, n = #missed, unit = g.kind }, { "no", "yes" }) == "yes" then
        local hits, rolls = game.roll({ key = "ti4.munitions_roll", p = L.pn(p), unit = g.kind, ability = name }, #missed, g.target)
        for j, i in ipairs(missed) do g.rolls[i] = rolls[j] end
        g.hits = (g.hits or 0) + hits
        ctx.hits = (ctx.hits or 0) + hits
      end
    end
  end,

  combat_round_end = function(ctx, p) game.put("player", p, KEY, nil) end,
}

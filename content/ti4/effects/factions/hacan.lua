-- Emirates of Hacan, faction-wide effects. Flagship Wrath of Kenara: during
-- a space combat in its system, after rolling a die the player may spend 1
-- trade good to add 1 to its result.
-- Resolved after each of the player's space combat rolls (window
-- combat_rolled) while the flagship is in the combat's system, for all of
-- the player's dice there. A die takes the +1 once (the reading of the
-- common combat calculators). Only a die one short of a hit changes
-- anything (no effect reads a die that already hit), so for each group
-- with such dice the player says how many of them get +1, one trade good
-- each. Anti-fighter barrage dice are rolled during the space combat too
-- (LRR 78: its first step), so the same goes for them after the barrage is
-- rolled (window ability_rolled, which gives the barrage's dice); space
-- cannon and bombardment dice are rolled outside the space combat.
local L = game.lib
local FLAGSHIP = "hacan_flagship"

return {
  when = function(ctx, p)
    if ctx.ability and ctx.ability ~= "anti_fighter_barrage" then return false end
    if ctx.player ~= p or ctx.ground or not ctx.system or game.counter(p, "tg") <= 0 then return false end
    for _, u in ipairs(L.ships(p, ctx.system)) do
      if L.has_flagship_ability(p, u, FLAGSHIP) then return true end
    end
    return false
  end,
  run = function(ctx, p)
    local name = L.name("units", FLAGSHIP)
    for _, g in ipairs(ctx.groups or {}) do
      local tg = game.counter(p, "tg")
      if tg <= 0 then break end
      local near = {}
      for i, r in ipairs(g.rolls or {}) do
        if r == g.target - 1 then near[#near + 1] = i end
      end
      local most = math.min(#near, tg)
      if most > 0 then
        local opts = {}
        for i = 0, most do opts[#opts + 1] = tostring(i) end
        local k = tonumber(game.choose(p, { key = "ti4.hacan_offer", card = name, unit = g.kind, n = g.target - 1 }, opts))
        if k > 0 then
          game.add(p, "tg", -k)
          for j = 1, k do g.rolls[near[j]] = g.rolls[near[j]] + 1 end
          g.hits = (g.hits or 0) + k
          ctx.hits = (ctx.hits or 0) + k
          game.log({ key = k == 1 and "ti4.hacan_spends_1" or "ti4.hacan_spends", p = L.pn(p), n = k, unit = g.kind, card = name })
        end
      end
    end
  end,
}

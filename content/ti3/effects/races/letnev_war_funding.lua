-- Letnev: before a round of space battle or invasion combat, pay 2 trade
-- goods for +1 on all ship rolls (space) or +2 on all ground force rolls
-- (invasion) in that round. With L4 Disruptors (racial technology) the
-- invasion combat bonus costs nothing.
local L = game.lib
return {
  when = function(ctx, p)
    return ctx.mods ~= nil and ctx.mods[p] ~= nil and (p == ctx.attacker or p == ctx.defender)
  end,
  run = function(ctx, p, def)
    local name = L.name("race_abilities", def.id)
    local m = ctx.mods[p]
    if ctx.ground then
      local free = game.holds(p, "racial_techs", "l4_disruptors")
      if not free and game.counter(p, "tg") < 2 then return end
      local prompt = { key = free and "ti3.war_funding_ground_free" or "ti3.war_funding_ground", name = name }
      if game.choose(p, prompt, { "no", "yes" }) ~= "yes" then return end
      if not free then game.add(p, "tg", -2) end
      local kinds = {}
      for _, u in ipairs(game.units { planet = ctx.planet, owner = p }) do
        if L.def(p, u.kind).class == "ground" then kinds[u.kind] = true end
      end
      for _, k in ipairs(game.keys(kinds)) do m[k] = (m[k] or 0) + 2 end
      if free then
        game.log({ key = "ti3.funds_war_ground_free", p = L.pn(p), tech = L.name("racial_techs", "l4_disruptors") })
      else
        game.log({ key = "ti3.funds_war_ground", p = L.pn(p) })
      end
    else
      if game.counter(p, "tg") < 2 then return end
      if game.choose(p, { key = "ti3.pay_2_tg_1", name = name }, { "no", "yes" }) ~= "yes" then return end
      game.add(p, "tg", -2)
      m.all = (m.all or 0) + 1
      game.log({ key = "ti3.funds_war_1_ships", p = L.pn(p) })
    end
  end,
}

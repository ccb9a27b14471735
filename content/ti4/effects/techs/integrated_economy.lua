-- Integrated Economy: after gaining control of a planet, the player may
-- produce units on it whose combined cost is at most that planet's resource
-- value, paying for them as usual. Ships go to the planet's system, ground
-- forces onto the planet. The usual production limits apply (unit limits,
-- war sun technology, fleet pool plus Armada's bonus as L.fleet_limit
-- counts it; excess fighters beyond capacity are removed); there is no PRODUCTION value to respect, and Sarween Tools does
-- not apply since this is not the PRODUCTION ability (LRR FAQ).
local L = game.lib

return {
  when = function(ctx, p)
    return ctx.player == p and (L.pdef(ctx.planet).resources or 0) > 0
      and L.spendable(p, "resources") > 0
  end,

  run = function(ctx, p, def)
    local pl = ctx.planet
    local s = game.planet_system(pl)
    local name = L.name("techs", def.id)
    local budget = math.min(L.pdef(pl).resources or 0, L.spendable(p, "resources"))
    local built, cost, fleet = {}, 0, 0
    while true do
      local opts = { "done" }
      for _, t in ipairs(L.unit_types()) do
        local d = L.has_unit(p, t) and L.def(p, t)
        local ok = d and d.cost and (d.class == "ship" or d.class == "ground")
        if ok and d.requires_tech and not game.holds(p, "techs", d.requires_tech) then ok = false end
        if ok and cost + d.cost > budget then ok = false end
        if ok and d.limit and d.type ~= "fighter" and d.type ~= "infantry"
          and game.count_units { owner = p, kind = t } + (built[t] or 0) >= d.limit then ok = false end
        if ok and d.fleet and L.count_fleet(p, s) + fleet + 1 > L.fleet_limit(p) then ok = false end
        if ok then opts[#opts + 1] = t end
      end
      local pick = game.choose(p, { key = "ti4.produce_on", card = name, planet = L.name("planets", pl) }, opts)
      if pick == "done" then break end
      local d = L.def(p, pick)
      built[pick] = (built[pick] or 0) + (d.per_cost or 1)
      if d.fleet then fleet = fleet + 1 end
      cost = cost + d.cost
    end
    if next(built) == nil then return end
    L.pay(p, cost, "resources")
    for _, t in ipairs(game.keys(built)) do
      for _ = 1, built[t] do
        if L.def(p, t).class == "ground" then game.spawn(t, p, { planet = pl }) else game.spawn(t, p, { system = s }) end
      end
      game.log({ key = "ti4.produces_at", p = L.pn(p), n = built[t], unit = t, planet = L.name("planets", pl), card = name })
    end
    L.enforce_limits(p, s)
  end,
}

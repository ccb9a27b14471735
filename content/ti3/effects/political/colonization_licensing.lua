-- Colonization Licensing (law, For/Against).
-- For: while the law is in play, a player must spend resources at least
-- equal to a neutral planet's resource value before landing on it (asked
-- as the ground forces are about to land: landing_cost); one who cannot
-- or will not pay lands nothing there.
-- Against: every player exhausts one planet of his choice for every three
-- planets he controls outside his home system (rounded down), as far as he
-- has ready ones.
local L = game.lib
local function NAME() return L.name("political_cards", "colonization_licensing") end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local away = 0
      for _, pl in ipairs(game.planets_owned(p)) do
        if game.planet_system(pl) ~= L.home(p) then away = away + 1 end
      end
      for _ = 1, math.floor(away / 3) do
        local opts = L.ready_planets(p)
        if #opts == 0 then break end
        table.sort(opts)
        local pl = game.choose(p, { key = "ti3.exhaust_planet_for", card = NAME() }, opts)
        game.exhaust(pl, true)
        game.log({ key = "ti3.exhausts_for", p = L.pn(p), planet = L.name("planets", pl), card = NAME() })
      end
    end
  end,
  landing_cost = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or game.planet_owner(ctx.planet) ~= nil then return end
    local cost = L.pdef(ctx.planet).resources or 0
    if cost <= 0 then return end
    if L.spendable(ctx.player, "resources") >= cost
      and game.confirm(ctx.player, { key = "ti3.pay_license", n = cost, planet = L.name("planets", ctx.planet), card = NAME() }) then
      L.pay(ctx.player, cost, "resources")
      return
    end
    ctx.count = 0
    game.log({ key = "ti3.may_not_invade", p = L.pn(ctx.player), planet = L.name("planets", ctx.planet), card = NAME() })
  end,
}

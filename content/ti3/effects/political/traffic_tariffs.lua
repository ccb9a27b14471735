-- Traffic Tariffs (law, For/Against).
-- For: while the law is in play, a player who activates a system holding a
-- planet another player controls pays one trade good or exhausts one of his
-- ready planets (his choice, before:activation); a player who can do
-- neither may not activate it (activation_terms).
-- Against: each player gives up one command counter, taken from his command
-- pool or strategy allocation (his choice), if he has one.
local L = game.lib
local function NAME() return L.name("political_cards", "traffic_tariffs") end
local function tolled(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    local o = game.planet_owner(pl)
    if o and o ~= p then return true end
  end
  return false
end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local opts = {}
      for _, pool in ipairs({ "tactic", "strategy" }) do if game.counter(p, pool) > 0 then opts[#opts + 1] = pool end end
      if #opts > 0 then
        local pool = game.choose(p, { key = "ti3.counter_to_discard", card = NAME() }, opts)
        game.add(p, pool, -1)
        game.log({ key = "ti3.discards_a_command_counter", p = L.pn(p), card = NAME() })
      end
    end
  end,
  activation_terms = function(ctx, p, def)
    if p ~= nil or ctx.barred or L.law(def.id) ~= "for" or not tolled(ctx.player, ctx.system) then return end
    if game.counter(ctx.player, "tg") == 0 and #L.ready_planets(ctx.player) == 0 then ctx.barred = NAME() end
  end,
  ["before:activation"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not ctx.system or not tolled(ctx.player, ctx.system) then return end
    local q = ctx.player
    local opts = {}
    if game.counter(q, "tg") > 0 then opts[#opts + 1] = "tg" end
    local planets = L.ready_planets(q)
    table.sort(planets)
    for _, pl in ipairs(planets) do opts[#opts + 1] = pl end
    if #opts == 0 then return end
    local pick = game.choose(q, { key = "ti3.pay_toll", card = NAME() }, opts)
    if pick == "tg" then
      game.add(q, "tg", -1)
      game.log({ key = "ti3.discards_tg", p = L.pn(q), n = 1, card = NAME() })
    else
      game.exhaust(pick, true)
      game.log({ key = "ti3.exhausts_for", p = L.pn(q), planet = L.name("planets", pick), card = NAME() })
    end
  end,
}

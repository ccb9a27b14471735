-- Events of the round that the preliminary objectives (options_2.yaml,
-- effects/options2/preliminary.lua) read. Held by the game in every sa-en
-- game (sa_rules_2.sa_prelim_events).
--   cruisers      enemy cruisers a player destroyed this round (the hit's source)
--   invaded       planets a player took this round from another player
--   traitor       a player attacked (space or invasion combat) a trade partner this round
--   infiltrator   (player prop, for good) he destroyed a ship in a system next
--                 to its owner's home system
local L = game.lib
local P = L.sa_opt2

local function save(p, e) game.put("player", p, "sa_prelim_events", e) end

return {
  unit_destroyed = function(ctx)
    local q, by = ctx.player, ctx.source
    if type(by) ~= "number" or type(q) ~= "number" or by == q then return end
    local d = L.def(q, ctx.kind)
    if d.class ~= "ship" then return end
    if (d.type or ctx.kind) == "cruiser" then
      local e = P.prelim_events(by)
      e.cruisers = (e.cruisers or 0) + 1
      save(by, e)
    end
    local home = L.home(q)
    if ctx.system and home and ctx.system ~= home then
      for _, t in ipairs(game.adjacent(home, "neighbour")) do
        if t == ctx.system then game.put("player", by, "sa_prelim_infiltrator", true); break end
      end
    end
  end,
  planet_gained = function(ctx)
    local p, from = ctx.player, ctx.from
    if type(p) ~= "number" or type(from) ~= "number" or from == p then return end
    local e = P.prelim_events(p)
    e.invaded = e.invaded or {}
    e.invaded[ctx.planet] = true
    save(p, e)
  end,
  combat_round_start = function(ctx)
    local a, d = ctx.attacker, ctx.defender
    if ctx.round ~= 1 or type(a) ~= "number" or type(d) ~= "number" or a == d then return end
    for _, q in ipairs(L.trade_partners and L.trade_partners(a) or {}) do
      if q == d then
        local e = P.prelim_events(a)
        e.traitor = true
        save(a, e)
        return
      end
    end
  end,
}

-- Fleet Restrictions (law, For/Against; Shattered Empire).
-- For: while the law is in play, no player may have more than 2 ships of
-- one type (fighters count) in one system: the game prop ship_type_limit
-- (read by L.ship_type_limit_in, rules/politics_seams.lua) makes the limit
-- checks after movement, production and combat remove the excess (as for
-- fleet supply), and a type already at 2 in a system may not be produced
-- there (production_terms). When the law passes every player's excess is
-- removed at once. The law's repeal lifts it.
-- Against: for each system where a player has more than 2 ships of one
-- type, he pays 1 trade good or destroys all his ships there beyond 2 of
-- each type (his choice which); from the speaker clockwise.
local L = game.lib
local MAX = 2
local function NAME() return L.name("political_cards", "fleet_restrictions") end

local function over(p, s)
  local out = {}
  for _, g in ipairs(L.ships_by_type(p, s)) do
    if #g.units > MAX then out[#out + 1] = g end
  end
  return out
end

return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "ship_type_limit", MAX)
      game.log({ key = "ti3.ships_of_a_type_limited", n = MAX, card = NAME() })
      for _, p in ipairs(L.order_from(L.speaker())) do
        for _, s in ipairs(L.systems_with_ships(p)) do L.enforce_limits(p, s) end
      end
      return
    end
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      for _, s in ipairs(L.systems_with_ships(p)) do
        local groups = over(p, s)
        if #groups > 0 then
          local pay = game.counter(p, "tg") > 0
            and game.choose(p, { key = "ti3.fleet_restrictions_pay", n = MAX, system = L.sysname(s), card = NAME() }, { "pay 1 trade good", "destroy" }) == "pay 1 trade good"
          if pay then
            game.add(p, "tg", -1)
            game.log({ key = "ti3.pays_tg_to_keep_ships", p = L.pn(p), system = L.sysname(s), card = NAME() })
          else
            for _, g in ipairs(groups) do
              local list = g.units
              while #list > MAX do
                local opts = {}
                for _, u in ipairs(list) do opts[#opts + 1] = u.kind .. "#" .. u.id end
                local pick = game.choose(p, { key = "ti3.ship_to_destroy_over", n = MAX, system = L.sysname(s), card = NAME() }, opts)
                local id = tonumber(pick:match("#(%d+)$"))
                local keep, gone = {}, nil
                for _, u in ipairs(list) do if u.id == id then gone = u else keep[#keep + 1] = u end end
                list = keep
                L.destroy_unit(gone, { system = s, label = NAME() },
                  { key = "ti3.unit_destroyed_by", p = L.pn(p), unit = pick, id = id, card = NAME() })
              end
            end
            L.enforce_limits(p, s)
          end
        end
      end
    end
  end,
  repeal = function(def) game.put("game", nil, "ship_type_limit", nil) end,
  production_terms = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    for _, g in ipairs(L.ships_by_type(ctx.player, ctx.system)) do
      local lim = L.ship_type_limit_in(ctx.player, ctx.system, g.type)
      if lim and #g.units >= lim then ctx.barred[g.type] = true end
    end
  end,
}

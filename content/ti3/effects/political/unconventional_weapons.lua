-- Unconventional Weapons (law, For/Against).
-- For: while the law is in play, dreadnoughts and war suns get -2 on their
-- combat rolls (every round of space combat: combat_round_start) and on
-- their bombardment rolls (game prop bombard_mods, read by ti3's
-- L.bombard_roll; the law's repeal lifts it).
-- Against: each player exhausts one of his planets (his choice) for every
-- dreadnought and war sun he has on the board, as far as he has ready ones.
local L = game.lib
local function NAME() return L.name("political_cards", "unconventional_weapons") end
local BIG = { dreadnought = true, war_sun = true }
return {
  resolve = function(outcome, def)
    if outcome == "for" then
      game.put("game", nil, "bombard_mods", { dreadnought = 2, war_sun = 2 })
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local n = 0
      for _, u in ipairs(game.units { owner = p }) do
        if BIG[L.def(p, u.kind).type] then n = n + 1 end
      end
      for _ = 1, n do
        local opts = L.ready_planets(p)
        if #opts == 0 then break end
        table.sort(opts)
        local pl = game.choose(p, { key = "ti3.exhaust_planet_for", card = NAME() }, opts)
        game.exhaust(pl, true)
        game.log({ key = "ti3.exhausts_for", p = L.pn(p), planet = L.name("planets", pl), card = NAME() })
      end
    end
  end,
  repeal = function(def) game.put("game", nil, "bombard_mods", nil) end,
  combat_round_start = function(rc, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or rc.ground or not rc.mods then return end
    for q, m in pairs(rc.mods) do
      for _, id in ipairs(game.keys(game.data.units)) do
        if BIG[game.data.units[id].type] then m[id] = (m[id] or 0) - 2 end
      end
    end
  end,
}

-- Production Centers (Hacan): as an action, while holding fewer than 6 trade
-- goods, pay one counter from strategy allocation to gain 6 trade goods, then
-- give 2 trade goods to another player.
local L = game.lib
return {
  usable = function(p) return game.counter(p, "tg") < 6 and game.counter(p, "strategy") > 0 end,
  component = function(p, def)
    local name = L.name("racial_techs", def.id)
    game.add(p, "strategy", -1)
    L.gain_tg(p, 6, name)
    local opts = {}
    for q = 1, game.num_players() do if q ~= p then opts[#opts + 1] = L.pn(q) end end
    -- (L.production_centers_share: 2 unless a variant says otherwise)
    local n = L.production_centers_share(p)
    if n <= 0 then return end
    local two = n == 2
    local q = tonumber(game.choose(p, two and { key = "ti3.give_2_trade_goods", name = name }
      or { key = "ti3.give_n_trade_goods", name = name, n = n }, opts):sub(2))
    game.add(p, "tg", -n)
    game.add(q, "tg", n)
    game.log(two and { key = "ti3.gives_2_tg", p = L.pn(p), q = L.pn(q), name = name }
      or { key = "ti3.gives_n_tg", p = L.pn(p), q = L.pn(q), name = name, n = n })
  end,
}

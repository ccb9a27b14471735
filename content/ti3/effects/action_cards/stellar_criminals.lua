-- Stellar Criminals (as an action): another player picks and exhausts half of
-- its ready planets, rounded down.
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and #L.ready_planets(q) >= 2 then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local q = tonumber(game.choose(p, { key = "ti3.player_hit_by_stellar" }, targets(p)):sub(2))
    local n = #L.ready_planets(q) // 2
    for _ = 1, n do
      local opts = L.ready_planets(q)
      table.sort(opts)
      local pl = game.choose(q, { key = "ti3.exhaust_planet_stellar_criminals" }, opts)
      game.exhaust(pl, true)
      game.log({ key = "ti3.exhausts", p = L.pn(q), planet = L.name("planets", pl) })
    end
  end,
}

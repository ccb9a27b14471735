-- Privateers (as an action): another player loses all its trade goods; the
-- player gains half of them (rounded down), the rest go back to the supply.
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and game.counter(q, "tg") > 0 then out[#out + 1] = L.pn(q) end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local q = tonumber(game.choose(p, { key = "ti3.player_robbed_by_privateers" }, targets(p)):sub(2))
    local n = game.counter(q, "tg")
    game.set(q, "tg", 0)
    game.log({ key = "ti3.loses_tg", p = L.pn(q), n = n })
    L.gain_tg(p, n // 2, "Privateers")
  end,
}

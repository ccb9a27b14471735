-- Privateers (TACS, as an action): one trade good from each other player who has any.
local L = game.lib
return {
  usable = function(p)
    for q = 1, game.num_players() do if q ~= p and game.counter(q, "tg") > 0 then return true end end
    return false
  end,
  component = function(p)
    local n = 0
    for q = 1, game.num_players() do
      if q ~= p and game.counter(q, "tg") > 0 then
        game.add(q, "tg", -1)
        game.log({ key = "ti3.loses_tg", p = L.pn(q), n = 1 })
        n = n + 1
      end
    end
    L.gain_tg(p, n, "Privateers")
  end,
}

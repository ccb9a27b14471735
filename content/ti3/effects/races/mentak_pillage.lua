-- Mentak: in the strategy phase, take one trade good from each of up to two
-- other players who hold at least three.
local L = game.lib
return function(ctx, p, def)
  local taken = {}
  for _ = 1, 2 do
    local opts = { "none" }
    for q = 1, game.num_players() do
      if q ~= p and not taken[q] and game.counter(q, "tg") >= 3 then opts[#opts + 1] = L.pn(q) end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, L.name("race_abilities", def.id) .. ": take a trade good from", opts)
    if pick == "none" then return end
    local q = tonumber(pick:sub(2))
    taken[q] = true
    game.add(q, "tg", -1)
    game.add(p, "tg", 1)
    game.log(L.pn(p) .. " takes 1 tg from " .. L.pn(q) .. " (" .. L.name("race_abilities", def.id) .. ")")
  end
end

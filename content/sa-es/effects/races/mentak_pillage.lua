-- Mentak, Pillage (seed 001 "Razas"): an action that costs one command counter
-- from the strategy allocation: take one trade good from each of up to two
-- other players who hold three or more. (The targets and the three-good
-- threshold are the TI3 ability's; 001 only makes it an action with a cost.)
local L = game.lib
local function targets(p)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and game.counter(q, "tg") >= 3 then out[#out + 1] = q end
  end
  return out
end
return {
  usable = function(p, def)
    return game.counter(p, "strategy") > 0 and #targets(p) > 0
  end,
  component = function(p, def, ctx)
    game.add(p, "strategy", -1)
    game.log(L.pn(p) .. " spends a strategy command counter on " .. L.name("race_abilities", def.id))
    local taken = {}
    for _ = 1, 2 do
      local opts = { "none" }
      for _, q in ipairs(targets(p)) do
        if not taken[q] then opts[#opts + 1] = L.pn(q) end
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
  end,
}

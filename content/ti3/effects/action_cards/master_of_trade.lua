-- Master of Trade: a player with two trade agreements refreshes up to two of
-- its exhausted planets. "At any time": offered at the start of every turn
-- and when a political card has been revealed (before the votes).
local L = game.lib
local function agreements(p)
  local n = 0
  for _, a in ipairs(game.get("game", nil, "agreements") or {}) do
    if a.a == p or a.b == p then n = n + 1 end
  end
  return n
end
local function exhausted(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do if game.exhausted(pl) then out[#out + 1] = pl end end
  table.sort(out)
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and agreements(p) >= 2 and #exhausted(p) > 0 end,
  run = function(ctx, p)
    for _ = 1, 2 do
      local opts = exhausted(p)
      if #opts == 0 then break end
      table.insert(opts, 1, "done")
      local pl = game.choose(p, { key = "ti3.refresh_planet" }, opts)
      if pl == "done" then break end
      game.exhaust(pl, false)
      game.log({ key = "ti3.refreshes", p = L.pn(p), planet = L.name("planets", pl) })
    end
  end,
}

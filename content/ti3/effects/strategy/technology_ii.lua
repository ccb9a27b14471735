-- Technology II (Shattered Empire). Primary: one technology free, then the
-- holder may buy a second one for 8 resources. Secondary: one technology for
-- 6 resources. Prerequisites must be met each time. As with the base card
-- (technology.lua), a racial technology may be taken instead, for its own
-- cost (our reading; the rulebook text is not in the public sources).
local L = game.lib

local function research(p, cost, optional)
  local opts = {}
  if L.spendable(p, "resources") >= cost then
    for _, t in ipairs(L.researchable(p)) do opts[#opts + 1] = t end
  end
  local race = L.faction(p)
  for _, r in ipairs(race and race.racial_techs or {}) do
    local d = game.data.racial_techs[r]
    -- Same offer rules as technology.lua: no later-expansion, unimplemented
    -- or never-bought racial techs.
    local offered = d and d.expansion ~= "shards_of_the_throne" and d.status ~= "not_implemented"
      and not d.not_bought and L.flag(p, "no_racial_tech_purchase") == 0
    if offered and not game.holds(p, "racial_techs", r) and L.spendable(p, "resources") >= (d.cost or 0) then
      opts[#opts + 1] = "racial:" .. r
    end
  end
  if #opts == 0 then return end
  opts[#opts + 1] = "none"
  local pick = game.choose(p, optional and ("buy a second technology (" .. cost .. " resources)") or "research", opts)
  if pick == "none" then return end
  if pick:sub(1, 7) == "racial:" then
    local r = pick:sub(8)
    L.pay(p, game.data.racial_techs[r].cost or 0, "resources")
    game.grant(p, "racial_techs", r)
    L.reset_cache()
    game.log(L.pn(p) .. " acquires " .. L.name("racial_techs", r))
  else
    L.pay(p, cost, "resources")
    L.gain_tech(p, pick)
  end
end

return {
  primary = function(p)
    research(p, 0)
    research(p, 8, true)
  end,
  secondary = function(q) research(q, 6) end,
}

-- Technology II (seed 001 "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/technology_ii.lua) with two changes:
--   * the primary has an option b): use the secondary up to three times
--     without paying its command counter (each time 5 resources for one
--     technology whose prerequisites are met);
--   * the secondary costs 5 resources (SE: 6).
-- Option a) stays the SE one: one technology free, then a second for 8.
-- Every price is lowered by the player's technology specialties as any
-- technology purchase (001 keeps that TI3 rule; artifacts count as
-- specialties too, "Investigación de Artefactos").
-- Race-specific technologies are not offered: in 001 they are acquired only
-- in the status phase (es_races.lua).
local L = game.lib

local SECONDARY_COST = 5

-- One technology at `cost` resources; false when none was taken. sa-en's
-- L.sa_research makes the offer, so the price of each technology is lowered
-- as for every purchase (ready technology specialty planets, artifacts,
-- scientists, cards played in the research_offer window such as Opening the
-- Black Box); a free pick stays free.
local function research(p, cost, prompt)
  return L.sa_research(p, cost, prompt) ~= nil
end

return {
  primary = function(p)
    local how = game.choose(p, { key = "sa_es.technology_ii" }, {
      "a) one technology free, a second for 8",
      "b) the secondary up to three times, no command counter",
    })
    if how:sub(1, 1) == "a" then
      research(p, 0, { key = "sa.research" })
      research(p, 8, { key = "sa.research_second", n = 8 })
    else
      for _ = 1, 3 do
        if not research(p, SECONDARY_COST, { key = "sa_es.research_for", n = SECONDARY_COST }) then break end
      end
    end
  end,
  secondary = function(q) research(q, SECONDARY_COST, { key = "sa.research" }) end,
}

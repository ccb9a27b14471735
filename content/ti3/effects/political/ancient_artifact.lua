-- Ancient Artifact (directive, For/Against).
-- For: roll one die.
--   1-5: every unit in the Mecatol Rex system is destroyed. Then, in every
--        system adjacent to Mecatol Rex, each player's fleet (his ships in
--        space) takes three combat rolls that hit on 5 or more, and so does
--        each group of one player's units on one planet there. The owner
--        assigns the hits as in combat. (Our reading of "every fleet and
--        planetary unit ... sustain three combat rolls": three rolls for each
--        fleet and for each planet's units, not three for each unit.)
--   6-10: starting with the speaker and going clockwise, each player gains
--        two technologies of his choice, one after the other. Prerequisites
--        apply, so the first one may open the way to the second.
-- Against: no effect.
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "ancient_artifact") end

local function destroy(u)
  if not game.unit_exists(u.id) then return end
  L.destroy_unit(u, { system = u.system, label = NAME() },
    { key = "ti3.unit_destroyed_by", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, card = NAME() })
end

local function disaster()
  local mr = game.find_system("mecatol_rex")
  if not mr then return end
  -- Every unit in the Mecatol Rex system, in space and on the planet.
  local doomed = game.units { system = mr }
  for _, u in ipairs(doomed) do destroy(u) end
  for _, s in ipairs(game.adjacent(mr)) do
    for _, p in ipairs(L.order_from(L.speaker())) do
      local fleet = L.ships(p, s)
      if #fleet > 0 then
        local hits = game.roll({ key = "ti3.strikes_fleet", card = NAME(), p = L.pn(p), system = L.sysname(s) }, 3, 5)
        L.assign_hits(p, fleet, hits, NAME())
        L.enforce_limits(p, s)
      end
      for _, pl in ipairs(game.planets_of(s)) do
        local units = game.units { planet = pl, owner = p }
        if #units > 0 then
          local hits = game.roll({ key = "ti3.strikes_planet", card = NAME(), p = L.pn(p), planet = L.name("planets", pl) }, 3, 5)
          L.assign_hits(p, units, hits, NAME())
        end
      end
    end
  end
end

local function knowledge()
  for _, p in ipairs(L.order_from(L.speaker())) do
    for i = 1, 2 do
      local opts = L.researchable(p)
      if #opts == 0 then break end
      local t = game.choose(p, { key = "ti3.gain_tech_of", card = NAME(), i = i, n = 2 }, opts)
      L.gain_tech(p, t)
    end
  end
end

return {
  resolve = function(outcome, def)
    if outcome ~= "for" then return end
    local _, rolls = game.roll({ key = "ti3.card_roll", card = NAME() }, 1, 6)
    game.log({ key = rolls[1] <= 5 and "ti3.ancient_artifact_disaster" or "ti3.ancient_artifact_technologies", card = NAME(), roll = rolls[1] })
    if rolls[1] <= 5 then disaster() else knowledge() end
  end,
}

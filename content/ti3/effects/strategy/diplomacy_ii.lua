-- Diplomacy II (Shattered Empire). Primary, one of: (a) pick a system holding
-- a planet the holder controls; every other player puts a command counter
-- from his reinforcements there (none if he has none left, or already has
-- one there: UNCERTAIN, the card does not say); or (b) the secondary, without
-- its command counter or influence. Secondary: pay 3 influence to take an
-- empty planet (no units, nobody's control: our reading of "empty") in a
-- system adjacent to a system holding a planet the player controls; it comes
-- exhausted, like any planet gained.
local L = game.lib

local function controlled_systems(p)
  local set = {}
  for _, pl in ipairs(game.planets_owned(p)) do set[game.planet_system(pl)] = true end
  return game.keys(set)
end

local function annex_targets(p)
  local out, seen = {}, {}
  for _, s in ipairs(controlled_systems(p)) do
    for _, t in ipairs(game.adjacent(s, "move")) do
      for _, pl in ipairs(game.planets_of(t)) do
        if not seen[pl] and game.planet_owner(pl) == nil and #game.units { planet = pl } == 0 then
          seen[pl] = true
          out[#out + 1] = pl
        end
      end
    end
  end
  table.sort(out)
  return out
end

local function annex(p, pay)
  local opts = annex_targets(p)
  if #opts == 0 or (pay and L.spendable(p, "influence") < 3) then return end
  local pl = game.choose(p, "claim a planet (Peaceful Annexation)", opts)
  if pay then L.pay(p, 3, "influence") end
  L.take_control(p, pl, true)
end

return {
  primary = function(p)
    local opts = {}
    if #controlled_systems(p) > 0 then opts[#opts + 1] = "demilitarized zone" end
    if #annex_targets(p) > 0 then opts[#opts + 1] = "peaceful annexation" end
    if #opts == 0 then return end
    if game.choose(p, "Diplomacy II", opts) == "peaceful annexation" then
      annex(p, false)
      return
    end
    local hexes = {}
    for _, s in ipairs(controlled_systems(p)) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, "demilitarized zone in", hexes))
    game.log(L.pn(p) .. " declares " .. L.sysname(s) .. " a demilitarized zone")
    for _, q in ipairs(L.order_from(p)) do
      if q ~= p and L.reinforcements(q) > 0 and not game.has_token(s, "command", q) then
        game.place_token(s, "command", q)
        game.log(L.pn(q) .. " places a command counter in " .. L.sysname(s))
      end
    end
  end,
  secondary = function(q) annex(q, true) end,
  can_secondary = function(q) return #annex_targets(q) > 0 and L.spendable(q, "influence") >= 3 end,
}

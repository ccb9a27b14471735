-- Emergency Repairs: in one chosen system, every damaged dreadnought and war
-- sun of the player is repaired. "At any time": offered as each combat round
-- starts or ends and at the start of every turn.
local L = game.lib
local REPAIRED = { dreadnought = true, war_sun = true }
local function systems(p)
  local set = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and game.get("unit", u.id, "damaged") and REPAIRED[L.def(p, u.kind).type] then set[u.system] = true end
  end
  local out = {}
  for _, s in ipairs(game.keys(set)) do out[#out + 1] = game.system(s).hex or tostring(s) end
  return out
end
-- Whether p has a ship to repair: the question asked at every turn and
-- combat round, answered at the first such ship instead of listing them
-- (the unit records of game.units carry the `damaged` prop).
local function any_damaged(p)
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and u.damaged and REPAIRED[L.def(p, u.kind).type] then return true end
  end
  return false
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and any_damaged(p) end,
  run = function(ctx, p)
    local pick = game.choose(p, { key = "ti3.system_whose_ships_are" }, systems(p))
    local s = tonumber(pick) or game.system_at(pick)
    local n = 0
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if game.get("unit", u.id, "damaged") and REPAIRED[L.def(p, u.kind).type] then
        game.put("unit", u.id, "damaged", nil)
        n = n + 1
      end
    end
    game.log({ key = n == 1 and "ti3.repairs_ships_one" or "ti3.repairs_ships_many", p = L.pn(p), n = n, system = L.sysname(s) })
  end,
}

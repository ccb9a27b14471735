-- Massive Transport (as an action): one of the player's space docks moves to
-- another planet the player controls (one without a space dock), if a route
-- links their systems that crosses no system holding another player's ships
-- (the two systems themselves included). Fighters the dock supported and no
-- longer fit are removed as usual.
local L = game.lib
local function enemy_systems(p)
  local out, set = {}, {}
  for _, u in ipairs(game.units { not_owner = p, space = true }) do
    if u.system and u.carried == nil and L.def(u.owner, u.kind).class == "ship" then set[u.system] = true end
  end
  for _, s in ipairs(game.keys(set)) do out[#out + 1] = s end
  return out, set
end
local function has_dock(pl)
  for _, u in ipairs(game.units { planet = pl }) do
    if L.def(u.owner, u.kind).type == "space_dock" then return true end
  end
  return false
end
-- Every "dock#id on <from> -> <to>" move allowed.
local function moves(p)
  local blocked, bad = enemy_systems(p)
  local mine = game.planets_owned(p)
  table.sort(mine)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.planet and L.def(p, u.kind).type == "space_dock" and not bad[u.system] then
      for _, pl in ipairs(mine) do
        local t = game.planet_system(pl)
        if pl ~= u.planet and not has_dock(pl) and not bad[t] and game.move_cost(u.system, t, { blocked = blocked }) then
          out[#out + 1] = u.kind .. "#" .. u.id .. " on " .. u.planet .. " -> " .. pl
        end
      end
    end
  end
  return out
end
return {
  usable = function(p) return #moves(p) > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.space_dock_move" }, moves(p))
    local id = tonumber(pick:match("#(%d+)"))
    local to = pick:match("%-> (.+)$")
    local from = game.planet_system(pick:match(" on (.-) %->"))
    game.move_unit(id, { planet = to })
    game.log({ key = "ti3.moves_its_space_dock", p = L.pn(p), planet = L.name("planets", to) })
    L.enforce_limits(p, from)
  end,
}

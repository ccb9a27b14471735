-- Spacedock Accident (as an action): the player picks another player's
-- space dock outside every home system; its owner may not produce units at
-- it this round (L.unit_production_change takes its whole capacity away).
local L = game.lib
local function is_home(s)
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function docks(p)
  local out = {}
  for _, u in ipairs(game.units { not_owner = p }) do
    if u.system and (L.def(u.owner, u.kind).type or u.kind) == "space_dock" and not is_home(u.system) then out[#out + 1] = u end
  end
  return out
end
return {
  usable = function(p) return #docks(p) > 0 end,
  component = function(p)
    local opts, by = {}, {}
    for _, u in ipairs(docks(p)) do
      local o = u.kind .. "#" .. u.id
      opts[#opts + 1] = o
      by[o] = u
    end
    local u = by[game.choose(p, { key = "ti3.dock_accident" }, opts)]
    game.put("unit", u.id, "production_change", "none")
    game.put("unit", u.id, "production_change_round", game.get("game", nil, "round") or 0)
    game.log({ key = "ti3.dock_produces_nothing", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
  end,
}

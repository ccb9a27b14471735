-- Productivity Spike: as the strategy phase begins, the player picks one of
-- his space docks; for this round its production capacity grows by the
-- influence of the planet it stands on (the rules' L.unit_production_change
-- reads the unit's production_change for the round).
local L = game.lib
local function docks(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.planet and (L.def(p, u.kind).type or u.kind) == "space_dock" and (L.pdef(u.planet).influence or 0) > 0 then
      out[#out + 1] = u
    end
  end
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and #docks(p) > 0 end,
  run = function(ctx, p)
    local opts, by = {}, {}
    for _, u in ipairs(docks(p)) do
      local o = u.kind .. "#" .. u.id
      opts[#opts + 1] = o
      by[o] = u
    end
    local u = by[game.choose(p, { key = "ti3.dock_productivity_spike" }, opts)]
    local n = L.pdef(u.planet).influence or 0
    game.put("unit", u.id, "production_change", n)
    game.put("unit", u.id, "production_change_round", game.get("game", nil, "round") or 0)
    game.log({ key = "ti3.dock_produces_more", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", u.planet), n = n })
  end,
}

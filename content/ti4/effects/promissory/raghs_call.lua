-- Ragh's Call: after the holder commits units to land on planets, the Saar
-- player's ground forces on one of those planets move to another planet the
-- Saar player controls (the holder picks which).
local L = game.lib

local function saar_ground(owner, pl)
  local out = {}
  for _, u in ipairs(game.units { planet = pl, owner = owner }) do
    if L.def(owner, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end

local function targets(ctx, owner)
  local out = {}
  for _, pl in ipairs(ctx.targets or {}) do
    if #saar_ground(owner, pl) > 0 and game.count_units { planet = pl, owner = ctx.player } > 0 then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

-- (The planets on which the Saar player's ground forces may be put by an
-- ability: L.drop_planets, by default every planet the Saar player controls
-- but one no unit may be placed on, such as Demilitarized Zone's.)
local function havens(owner, but)
  local out = {}
  for _, pl in ipairs(L.drop_planets(owner)) do
    if pl ~= but then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

return {
  when = function(ctx, p, owner)
    if ctx.player ~= p then return false end
    for _, pl in ipairs(targets(ctx, owner)) do
      if #havens(owner, pl) > 0 then return true end
    end
    return false
  end,
  run = function(ctx, p, owner, def)
    local opts = {}
    for _, pl in ipairs(targets(ctx, owner)) do
      if #havens(owner, pl) > 0 then opts[#opts + 1] = pl end
    end
    local name = L.name("promissory_notes", def.id)
    local from = game.choose(p, { key = "ti4.raghs_call_from", q = L.pn(owner), note = name }, opts)
    local to = game.choose(p, { key = "ti4.raghs_call_to", q = L.pn(owner), note = name }, havens(owner, from))
    local n = 0
    for _, u in ipairs(saar_ground(owner, from)) do
      game.move_unit(u.id, { planet = to })
      n = n + 1
    end
    game.log({ key = "ti4.raghs_call", q = L.pn(owner), n = n, from = L.name("planets", from), to = L.name("planets", to), note = name })
  end,
}

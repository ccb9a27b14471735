-- First Strike (TACS): right before an invasion combat he takes part in, the
-- player picks up to two of his ground forces there; each rolls one die at an
-- enemy ground force it aims at, which does not fire back. Two different
-- ground forces: one may not roll twice. A hit on a ground force that takes
-- two hits (Resister) is kept for the invasion combat that follows
-- (ctx.tacs_wounds, read by rules/e_ground.lua).
local L = game.lib
local function side(ctx, p)
  local pl = ctx.planet
  if not pl then return nil end
  local mine, theirs = {}, {}
  for _, u in ipairs(game.units { planet = pl }) do
    if L.def(u.owner, u.kind).class == "ground" then
      if u.owner == p then mine[#mine + 1] = u else theirs[#theirs + 1] = u end
    end
  end
  return mine, theirs
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local mine, theirs = side(ctx, p)
    return mine ~= nil and #mine > 0 and #theirs > 0 and (p == ctx.player or p == ctx.defender or game.planet_owner(ctx.planet) == p)
  end,
  run = function(ctx, p)
    local used = {}
    ctx.tacs_wounds = ctx.tacs_wounds or {}
    for _ = 1, 2 do
      local mine, theirs = side(ctx, p)
      local opts, by = { "none" }, {}
      for _, u in ipairs(mine) do
        if not used[u.id] then opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
      end
      if #opts == 1 or #theirs == 0 then break end
      local pick = game.choose(p, { key = "tacs.first_strike_force" }, opts)
      if pick == "none" then break end
      local u = by[pick]
      used[u.id] = true
      local topts, tby = {}, {}
      for _, e in ipairs(theirs) do topts[#topts + 1] = e.kind .. "#" .. e.id; tby[topts[#topts]] = e end
      local e = tby[game.choose(p, { key = "tacs.gf_target", unit = pick, id = u.id }, topts)]
      local st = L.tacs_gf_stats(u)
      local need = st.hit
      if not L.tacs_promoted(u) then need = math.max(need, L.tacs_gf_stats(e).enemy_min) end
      local hits, rolls = game.roll({ key = "tacs.gf_roll", p = L.pn(p), unit = pick, target = topts[1] and (e.kind .. "#" .. e.id) }, 1, need)
      if hits > 0 and not L.tacs_gf_absorbs(e, ctx.tacs_wounds) then
        L.destroy_unit(e, { source = p, label = "First Strike", active = ctx.player, system = game.planet_system(ctx.planet) })
        L.tacs_promote(u, (rolls[1] >= L.tacs_double_roll(p)) and 2 or 1)
      end
    end
  end,
}

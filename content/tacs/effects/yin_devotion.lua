-- Yin, Devotion in TACS: once a space battle, before a round, the Yin player
-- may sacrifice one of its destroyers or cruisers there to damage an enemy
-- ship in the same zone or the next: a destroyer does a heavy cannon's
-- damage, a cruiser an assault cannon's.
local L = game.lib
return function(ctx, p, def)
  if p ~= ctx.attacker and p ~= ctx.defender then return end
  local B = L.tacs_current_battle()
  if not B then return end
  local mark = "tacs_devotion_" .. p
  if ctx.round == 1 then game.put("game", nil, mark, nil) end
  if game.get("game", nil, mark) then return end
  local opp = (p == ctx.attacker) and ctx.defender or ctx.attacker
  local mine, by = { "none" }, {}
  for _, u in ipairs(L.ships(p, ctx.system)) do
    local t = L.def(p, u.kind).type or u.kind
    if t == "destroyer" or t == "cruiser" then mine[#mine + 1] = u.kind .. "#" .. u.id; by[mine[#mine]] = u end
  end
  if #mine == 1 then return end
  local name = L.name("race_abilities", def.id)
  local pick = game.choose(p, { key = "ti3.sacrifice_ship", name = name }, mine)
  if pick == "none" then return end
  local u = by[pick]
  local at = L.tacs_index(B.zones, L.tacs_zone(u) or "") or #B.zones
  local opts, tby = {}, {}
  for _, e in ipairs(L.ships(opp, ctx.system)) do
    local i = L.tacs_index(B.zones, L.tacs_zone(e) or "") or #B.zones
    if math.abs(i - at) <= 1 then opts[#opts + 1] = e.kind .. "#" .. e.id; tby[opts[#opts]] = e end
  end
  if #opts == 0 then return end
  local target = tby[game.choose(p, { key = "ti3.hit_which_enemy_ship", name = name }, opts)]
  game.put("game", nil, mark, true)
  local cannon = (L.def(p, u.kind).type == "cruiser") and "A" or "H"
  L.destroy_unit(u, { label = name, active = ctx.active, system = ctx.system }, { key = "ti3.sacrifices", p = L.pn(p), pick = pick, name = name })
  L.tacs_deal_damage(B, p, u, target, cannon)
  L.tacs_destroy_dead(B)
end

-- Dacxive Animators: after winning an invasion combat, roll one die for each
-- ground force destroyed in it (both sides); each 6 or more puts one of the
-- player's ground forces from reinforcements on the planet. The sides are
-- noted when the combat starts; ground units destroyed while it runs are
-- counted; the side left with ground forces while the other has none wins.
local L = game.lib
local KEY = "dacxive"

local function other_side(p, pl)
  for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
    if L.def(u.owner, u.kind).class == "ground" then return u.owner end
  end
end

return {
  ["before:ground_combat"] = function(ctx, p)
    local a, pl = ctx.player, ctx.planet
    local d = other_side(a, pl)
    if d and #L.ground(a, pl) > 0 and (p == a or p == d) then
      game.put("player", p, KEY, { planet = pl, opp = (p == a) and d or a, dead = 0 })
    end
  end,
  unit_destroyed = function(ctx, p)
    local t = game.get("player", p, KEY)
    if t and (ctx.player == p or ctx.player == t.opp) and L.def(ctx.player, ctx.kind).class == "ground" then
      t.dead = t.dead + 1
      game.put("player", p, KEY, t)
    end
  end,
  ["after:ground_combat"] = function(ctx, p, def)
    local t = game.get("player", p, KEY)
    game.put("player", p, KEY, nil)
    if not t or t.planet ~= ctx.planet or t.dead == 0 then return end
    local pl = t.planet
    if #L.ground(p, pl) == 0 or #L.ground(t.opp, pl) > 0 then return end
    local hits = game.roll({ key = "ti3.tech_roll", p = L.pn(p), tech = L.name("techs", def.id) }, t.dead, 6)
    for _ = 1, hits do game.spawn("ground_force", p, { planet = pl }) end
    if hits > 0 then
      game.log({ key = hits > 1 and "ti3.puts_ground_forces_for_many" or "ti3.puts_ground_forces_for_one", p = L.pn(p), hits = hits, planet = L.name("planets", pl), tech = L.name("techs", def.id) })
    end
  end,
}

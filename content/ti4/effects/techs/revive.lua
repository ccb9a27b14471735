-- Infantry II / Spec Ops II: when one of the player's infantry of the
-- upgraded kind is destroyed, roll a die; on the unit's `revive` value or
-- more it is set aside on the technology card. At the start of the player's
-- next turn each set-aside unit is put on a planet the player controls in
-- their home system; with no such planet they go back to reinforcements
-- (LRR FAQ). Used by every technology whose unit has a `revive` value; the
-- unit in effect must be the one this technology unlocks (e.g. Sol's Spec
-- Ops II, not Infantry II, upgrades Sol's infantry).
local L = game.lib

local function aside(def) return "revive:" .. def.id end

return {
  when = function(ctx, p, def)
    if ctx.player ~= p then return false end
    if ctx.window == "unit_destroyed" then
      local d = L.def(p, ctx.kind)
      return d.tech == def.id and d.revive ~= nil
    end
    return game.counter(p, aside(def)) > 0
  end,

  unit_destroyed = function(ctx, p, def)
    local d = L.def(p, ctx.kind)
    local hits = game.roll({ key = "ti4.revive_roll", p = L.pn(p), card = L.name("techs", def.id), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit }, 1, d.revive)
    if hits > 0 then
      game.add(p, aside(def), 1)
      game.log({ key = "ti4.sets_aside", p = L.pn(p), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit, card = L.name("techs", def.id) })
    end
  end,

  turn_start = function(ctx, p, def)
    local n = game.counter(p, aside(def))
    game.set(p, aside(def), 0)
    local home = L.home(p)
    local planets = {}
    for _, pl in ipairs(home and game.planets_of(home) or {}) do
      if game.planet_owner(pl) == p then planets[#planets + 1] = pl end
    end
    if #planets == 0 then
      game.log({ key = "ti4.revive_no_home", p = L.pn(p), n = n, card = L.name("techs", def.id) })
      return
    end
    for _ = 1, n do
      local pl = game.choose(p, { key = "ti4.revive_pick", card = L.name("techs", def.id) }, planets)
      game.spawn("infantry", p, { planet = pl })
      game.log({ key = "ti4.puts_infantry_on", p = L.pn(p), planet = L.name("planets", pl), card = L.name("techs", def.id) })
    end
  end,
}

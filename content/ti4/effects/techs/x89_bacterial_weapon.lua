-- X-89 Bacterial Weapon (original base-game card): after the player's units
-- bombard a planet, if at least one of the opponent's infantry there was
-- destroyed, the player may destroy all of that opponent's infantry on it.
-- The other players' infantry on the active system's planets are noted
-- before the bombardment step; after it, a planet that lost some of them is
-- the one that was bombarded. Not stopped by PLANETARY SHIELD (LRR 65.1).
local L = game.lib

local function is_infantry(u) return L.def(u.owner, u.kind).type == "infantry" end

return {
  when = function(ctx, p) return ctx.player == p end,

  ["before:bombardment"] = function(ctx, p)
    local snap = {}
    for _, pl in ipairs(game.planets_of(ctx.system)) do
      local ids = {}
      for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
        if is_infantry(u) then ids[#ids + 1] = { id = u.id, owner = u.owner } end
      end
      snap[pl] = ids
    end
    ctx.x89 = snap
  end,

  ["after:bombardment"] = function(ctx, p, def)
    local snap = ctx.x89
    ctx.x89 = nil
    if not snap then return end
    for _, pl in ipairs(game.keys(snap)) do
      local hit = {}
      for _, x in ipairs(snap[pl]) do
        if not game.unit_exists(x.id) then hit[x.owner] = true end
      end
      for _, q in ipairs(game.keys(hit)) do
        local left = {}
        for _, u in ipairs(game.units { planet = pl, owner = q }) do
          if is_infantry(u) then left[#left + 1] = u end
        end
        if #left > 0 and game.choose(p, { key = "ti4.x89_offer", card = L.name("techs", def.id), q = L.pn(q),
            planet = L.name("planets", pl) }, { "yes", "no" }) == "yes" then
          game.log({ key = "ti4.uses_on_planet", p = L.pn(p), card = L.name("techs", def.id), planet = L.name("planets", pl) })
          for _, u in ipairs(left) do
            L.destroy_unit({ id = u.id, kind = u.kind, owner = q },
              { source = p, label = "x-89 bacterial weapon", active = game.get("game", nil, "active") },
              { key = "ti4.unit_destroyed", p = L.pn(q), unit = u.kind .. "#" .. u.id, id = u.id })
          end
        end
      end
    end
  end,
}

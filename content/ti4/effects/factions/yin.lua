-- Yin Brotherhood, faction-wide effects. Flagship Van Hauge: when it is
-- destroyed, every ship in its system is destroyed (every player's, the
-- Yin's own included); then fighters and ground forces left in that space
-- area without capacity are removed as usual.
local L = game.lib
local FLAGSHIP = "yin_flagship"

return {
  unit_destroyed = function(ctx, p)
    if ctx.player ~= p or not ctx.system or not L.has_flagship_ability(p, ctx.kind, FLAGSHIP) then return end
    local s = ctx.system
    local name = L.name("units", FLAGSHIP)
    game.log({ key = "ti4.van_hauge", p = L.pn(p), card = name, system = L.sysname(s) })
    local owners = {}
    for q = 1, game.num_players() do
      for _, u in ipairs(L.ships(q, s)) do
        if game.unit_exists(u.id) then
          owners[q] = true
          L.destroy_unit(u, { source = p, label = name, active = game.get("game", nil, "active"), system = s })
        end
      end
    end
    for _, q in ipairs(game.keys(owners)) do L.enforce_limits(q, s) end
  end,
}

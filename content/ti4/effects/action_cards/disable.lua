-- Disable: as the active player's invasion starts in a system with other
-- players' PDS, those PDS give no planetary shield and fire no space cannon
-- during it ("disable" = the system, rules/cards_rules.lua).
local L = game.lib
local function pds(p, s)
  for _, u in ipairs(game.units { system = s, not_owner = p }) do
    if u.planet and L.counts_as_other(p, u.owner) and L.def(u.owner, u.kind).type == "pds" then return true end
  end
  return false
end
return {
  when = function(ctx, p) return ctx.player == p and ctx.system ~= nil and pds(p, ctx.system) end,
  run = function(ctx, p)
    game.put("game", nil, "disable", ctx.system)
    game.log({ key = "ti4.pds_disabled", system = L.sysname(ctx.system) })
  end,
}

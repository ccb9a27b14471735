-- Experimental Weaponry: just before a round of a space battle the player
-- takes part in with a dreadnought or war sun, for that round the hits of
-- his dreadnoughts and war suns may not be assigned to fighters while the
-- opponent has other ships there (L.assign_combat_hits,
-- action_card_seams.lua: those hits are assigned first).
local L = game.lib
local function big_ships(p, s)
  for _, u in ipairs(L.ships(p, s)) do
    local ty = L.def(p, u.kind).type or u.kind
    if ty == "dreadnought" or ty == "war_sun" then return true end
  end
  return false
end
return {
  when = function(ctx, p)
    return p ~= nil and not ctx.ground and ctx.system ~= nil and ctx.mods ~= nil
      and not game.get("game", nil, "ac_lock") and (p == ctx.attacker or p == ctx.defender)
      and big_ships(p, ctx.system) and not game.get("game", nil, "weaponry")
  end,
  run = function(ctx, p)
    game.put("game", nil, "weaponry", { player = p, system = ctx.system, round = ctx.round })
    game.log({ key = "ti3.weaponry_round", p = L.pn(p) })
  end,
}

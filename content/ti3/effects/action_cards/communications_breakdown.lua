-- Communications Breakdown: just before a space battle the player takes part
-- in, no one may play action cards until the battle ends, except Sabotage.
-- The lock is the `ac_lock` game prop, which every action card script of
-- this pack checks before offering itself; the game's copy of the card lifts
-- it after the battle.
local L = game.lib
return {
  when = function(ctx, p)
    if p == nil then return ctx.window == "after:space_combat" end
    return ctx.window == "before:space_combat" and not game.get("game", nil, "ac_lock")
      and (p == ctx.player or p == ctx.defender)
  end,
  ["before:space_combat"] = function(ctx, p, def)
    game.put("game", nil, "ac_lock", ctx.system)
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.no_action_cards_but", system = L.sysname(ctx.system) })
  end,
  ["after:space_combat"] = function(ctx, _, def)
    game.put("game", nil, "ac_lock", nil)
    game.revoke("game", "action_cards", def.id)
  end,
}

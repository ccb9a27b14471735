-- Flanking Tactic: just before a space battle the player takes part in, its
-- opponent may not retreat from that battle by any means (announced
-- retreats are refused; Skilled Retreat and Rule by Terror check it too).
-- The game's copy of the card refuses the retreats and ends the effect
-- after the battle.
local L = game.lib
local KEY = "flanking_tactic"
return {
  when = function(ctx, p)
    local st = game.get("game", nil, KEY)
    if p == nil then
      if st == nil then return false end
      if ctx.window == "after:space_combat" then return true end
      return ctx.window == "retreat_announced" and ctx.player == st.player and ctx.system == st.system
    end
    if ctx.window ~= "before:space_combat" or game.get("game", nil, "ac_lock") or st ~= nil then return false end
    return (p == ctx.player or p == ctx.defender) and ctx.defender ~= nil
  end,
  ["before:space_combat"] = function(ctx, p, def)
    local q = (p == ctx.player) and ctx.defender or ctx.player
    game.put("game", nil, KEY, { player = q, system = ctx.system })
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.may_not_retreat_this", p = L.pn(q) })
  end,
  retreat_announced = function(ctx) ctx.cancel = true end,
  ["after:space_combat"] = function(ctx, _, def)
    game.put("game", nil, KEY, nil)
    game.revoke("game", "action_cards", def.id)
  end,
}

-- Minelayers: right after another player's ships enter a system holding
-- ships of the player, each of the player's cruisers there will score one
-- automatic hit on them before the first round of the space battle. The card
-- is played after movement; the hits are scored as the space battle begins
-- (after space cannon fire), by the game's copy of the card, counting the
-- cruisers present then. No space battle, no hits. A sustaining ship may
-- absorb them as usual.
local L = game.lib
local KEY = "minelayers"
local function cruisers(p, s)
  local n = 0
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "cruiser" then n = n + 1 end
  end
  return n
end
return {
  when = function(ctx, p)
    local st = game.get("game", nil, KEY)
    if p == nil then
      if st == nil then return false end
      if ctx.window == "after:tactical_action" then return true end
      return ctx.window == "before:space_combat" and ctx.system == st.system
        and (ctx.player == st.player or ctx.defender == st.player)
    end
    if ctx.window ~= "after:movement" or game.get("game", nil, "ac_lock") or st ~= nil then return false end
    return p ~= ctx.player and (ctx.moved or 0) > 0 and ctx.system ~= nil
      and #L.ships(ctx.player, ctx.system) > 0 and cruisers(p, ctx.system) > 0
  end,
  ["after:movement"] = function(ctx, p, def)
    game.put("game", nil, KEY, { player = p, system = ctx.system })
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.lays_mines", p = L.pn(p), system = L.sysname(ctx.system) })
  end,
  ["before:space_combat"] = function(ctx, _, def)
    local st = game.get("game", nil, KEY)
    game.put("game", nil, KEY, nil)
    game.revoke("game", "action_cards", def.id)
    local p, s = st.player, st.system
    local q = (ctx.player == p) and ctx.defender or ctx.player
    local n = cruisers(p, s)
    if n > 0 and q and #L.ships(q, s) > 0 then
      game.log({ key = n == 1 and "ti3.mines_score_hits_one" or "ti3.mines_score_hits_many", p = L.pn(p), n = n })
      L.assign_hits(q, L.ships(q, s), n, "minelayers", { source = p })
    end
  end,
  ["after:tactical_action"] = function(ctx, _, def)
    game.put("game", nil, KEY, nil)
    game.revoke("game", "action_cards", def.id)
  end,
}

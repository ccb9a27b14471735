-- Flank Speed: right after activating a system, every ship of the player
-- moving into it this activation has +1 movement. The bonus is put on each
-- ship (`move_bonus`, read by movement) and noted under `flank_speed`; the
-- played card grants itself to "game" and takes the bonus off again once
-- the tactical action ends.
local L = game.lib
local function ships(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if L.def(p, u.kind).class == "ship" then out[#out + 1] = u end
  end
  return out
end
return {
  when = function(ctx, p)
    if ctx.window == "after:tactical_action" then return p == nil end
    return p ~= nil and not game.get("game", nil, "ac_lock") and ctx.player == p and ctx.system ~= nil and #ships(p) > 0
  end,
  ["after:activation"] = function(ctx, p, def)
    local list = ships(p)
    for _, u in ipairs(list) do
      game.put("unit", u.id, "move_bonus", (game.get("unit", u.id, "move_bonus") or 0) + 1)
      game.put("unit", u.id, "flank_speed", (game.get("unit", u.id, "flank_speed") or 0) + 1)
    end
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.ships_moving_get_1", p = L.pn(p), system = L.sysname(ctx.system) })
  end,
  ["after:tactical_action"] = function(ctx, _, def)
    for _, u in ipairs(game.units {}) do
      local n = game.get("unit", u.id, "flank_speed")
      if n then
        local b = (game.get("unit", u.id, "move_bonus") or 0) - n
        game.put("unit", u.id, "move_bonus", b ~= 0 and b or nil)
        game.put("unit", u.id, "flank_speed", nil)
      end
    end
    game.revoke("game", "action_cards", def.id)
  end,
}

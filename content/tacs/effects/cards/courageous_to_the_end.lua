-- Courageous to the End (TACS): right after one of the player's ships is
-- destroyed in a space battle, every cannon it aimed this round fires once
-- more at the same target.
local L = game.lib
local function shots_of(B, id)
  local out = {}
  for _, sh in ipairs(B and B.shots or {}) do
    if sh.u.id == id then out[#out + 1] = sh end
  end
  return out
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local B = L.tacs_current_battle()
    return ctx.player == p and B ~= nil and ctx.system == B.s and #shots_of(B, ctx.unit) > 0
  end,
  run = function(ctx, p)
    local B = L.tacs_current_battle()
    for _, sh in ipairs(shots_of(B, ctx.unit)) do L.tacs_fire(B, sh) end
  end,
}

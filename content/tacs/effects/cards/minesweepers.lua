-- Minesweepers: right after activating a system with a space mine of another
-- player (or of no player), the active player discards one of them.
local L = game.lib
local function owners(p, s)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and L.space_mines(s, q) > 0 then out[#out + 1] = q end
  end
  if L.space_mines(s, "none") > 0 then out[#out + 1] = "none" end
  return out
end
return {
  when = function(ctx, p)
    return game.options.space_mines and ctx.player == p and ctx.system ~= nil and #owners(p, ctx.system) > 0
  end,
  run = function(ctx, p)
    L.remove_space_mine(ctx.system, owners(p, ctx.system)[1])
  end,
}

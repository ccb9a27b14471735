-- Faulty Targeting Systems (at any time), one of three effects, each offered
-- where it can be used:
--   * another player plays Minelayers: it is cancelled (action_card_played);
--   * another player has just rolled his PDS dice at the player's units
--     (dice_rolled, ability space_cannon): one of those dice that hit is
--     rolled again, the new result stands;
--   * at the start of the player's turn, with Space Mines in play: one space
--     mine of another player (or of nobody) is removed from the board.
local L = game.lib
local function hit_dice(ctx)
  local out = {}
  for _, g in ipairs(ctx.groups or {}) do
    for di, r in ipairs(g.rolls or {}) do
      if r >= g.target then out[#out + 1] = g.kind .. " die " .. di .. ": " .. r end
    end
  end
  return out
end
local function mine_owner(s, p)
  for _, q in ipairs(L.order_from(p)) do
    if q ~= p and L.optb.mine_count(s, q) > 0 then return q end
  end
  if L.optb.mine_count(s, "none") > 0 then return "none" end
  return nil
end
local function mine_systems(p)
  local out = {}
  if not game.options.space_mines or L.optb.mines_on_board() == 0 then return out end
  for s = 1, game.num_systems() do
    if mine_owner(s, p) then out[#out + 1] = s end
  end
  return out
end
return {
  when = function(ctx, p)
    if p == nil then return false end
    if ctx.window == "action_card_played" then
      return ctx.card == "minelayers" and ctx.player ~= p
    elseif ctx.window == "dice_rolled" then
      return ctx.ability == "space_cannon" and ctx.player ~= p and ctx.target == p and #hit_dice(ctx) > 0
    elseif ctx.window == "turn_start" then
      return ctx.player == p and #mine_systems(p) > 0
    end
    return false
  end,
  action_card_played = function(ctx, p)
    ctx.cancel = true
  end,
  dice_rolled = function(ctx, p, def)
    local pick = game.choose(p, { key = "ti3.pds_die_reroll", p = L.pn(ctx.player) }, hit_dice(ctx))
    local kind, di = pick:match("^([%w_]+) die (%d+):")
    di = tonumber(di)
    local g
    for _, x in ipairs(ctx.groups) do
      if x.kind == kind and x.rolls and x.rolls[di] and x.rolls[di] >= x.target and not g then g = x end
    end
    local old = g.rolls[di]
    local hit, rolls = game.roll({ key = "ti3.faulty_reroll", p = L.pn(ctx.player), unit = g.kind, old = old, card = L.name("action_cards", def.id) }, 1, g.target)
    g.rolls[di] = rolls[1]
    g.hits = (g.hits or 0) - 1 + hit
    ctx.hits = (ctx.hits or 0) - 1 + hit
  end,
  turn_start = function(ctx, p)
    local hexes = {}
    for _, s in ipairs(mine_systems(p)) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.mine_to_remove" }, hexes))
    local owner = mine_owner(s, p)
    L.optb.remove_mine(s, owner)
  end,
}

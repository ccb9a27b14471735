-- Recheck: right after a player rolls combat dice in a space battle or an
-- invasion combat the card's holder takes part in, one of those dice is
-- rolled again (the new result stands). The rules open `combat_rolled`
-- after each player's combat dice of a round; anti-fighter barrage dice are
-- not combat dice there and cannot be rechecked.
local L = game.lib
local function takes_part(ctx, p)
  if p == ctx.player or p == ctx.active then return true end
  if ctx.ground then return ctx.planet ~= nil and #L.ground(p, ctx.planet) > 0 end
  return ctx.system ~= nil and #L.ships(p, ctx.system) > 0
end
local function dice(ctx)
  local out = {}
  for _, g in ipairs(ctx.groups or {}) do
    for di, r in ipairs(g.rolls or {}) do
      out[#out + 1] = g.kind .. " die " .. di .. ": " .. r
    end
  end
  return out
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and takes_part(ctx, p) and #dice(ctx) > 0
  end,
  run = function(ctx, p)
    local pick = game.choose(p, { key = "ti3.combat_die_reroll", p = L.pn(ctx.player) }, dice(ctx))
    local kind, di = pick:match("^([%w_]+) die (%d+):")
    local g
    for _, x in ipairs(ctx.groups) do if x.kind == kind then g = x end end
    di = tonumber(di)
    local old = g.rolls[di]
    local hit, rolls = game.roll({ key = "ti3.recheck_roll", p = L.pn(p), q = L.pn(ctx.player), unit = g.kind, old = old }, 1, g.target)
    g.rolls[di] = rolls[1]
    local was = (old >= g.target) and 1 or 0
    g.hits = (g.hits or 0) - was + hit
    ctx.hits = (ctx.hits or 0) - was + hit
  end,
}

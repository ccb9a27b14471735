-- Rule by Terror: just before a space battle, a player with a war sun or two
-- dreadnoughts in it makes the opponent choose: retreat at once (only if it
-- could retreat: a system to retreat to, and no Flanking Tactic against it)
-- or take 2 casualties (hits it assigns to its ships there, see Courageous
-- to the End). The retreat follows the space battle's retreat rule: ships
-- move to an adjacent system with none of another player's ships and some of
-- its units or planets, with a command counter from reinforcements there.
local L = game.lib
local function terror(p, s)
  local ws, dn = 0, 0
  for _, u in ipairs(L.ships(p, s)) do
    local t = L.def(p, u.kind).type
    if t == "war_sun" then ws = ws + 1 elseif t == "dreadnought" then dn = dn + 1 end
  end
  return ws > 0 or dn >= 2
end
local function flanked(q, s)
  local f = game.get("game", nil, "flanking_tactic")
  return f ~= nil and f.player == q and f.system == s
end
local function retreat(q, s)
  local opts = {}
  for _, t in ipairs(L.retreat_options(q, s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
  local pick = game.choose(q, { key = "ti3.retreat_to" }, opts)
  local t = tonumber(pick) or game.system_at(pick)
  for _, u in ipairs(game.units { system = s, owner = q, space = true }) do
    if u.carried == nil then game.move_unit(u.id, { system = t }) end
  end
  if not game.has_token(t, "command", q) then
    if L.reinforcements(q) <= 0 then
      local pools = {}
      for _, pool in ipairs(L.POOLS) do
        if game.counter(q, pool) > 0 then pools[#pools + 1] = pool end
      end
      if #pools > 0 then game.add(q, game.choose(q, { key = "ti3.take_command_token_retreat" }, pools), -1) end
    end
    if L.reinforcements(q) > 0 then game.place_token(t, "command", q) end
  end
  game.log({ key = "ti3.retreats", p = L.pn(q), system = L.sysname(t) })
  L.enforce_limits(q, t)
end
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") or not (p == ctx.player or p == ctx.defender) or ctx.defender == nil then return false end
    local q = (p == ctx.player) and ctx.defender or ctx.player
    return terror(p, ctx.system) and #L.ships(q, ctx.system) > 0
  end,
  run = function(ctx, p)
    local s = ctx.system
    local q = (p == ctx.player) and ctx.defender or ctx.player
    local opts = { "take 2 casualties" }
    if #L.retreat_options(q, s) > 0 and not flanked(q, s) then opts[#opts + 1] = "retreat" end
    if game.choose(q, { key = "ti3.rule_by_terror" }, opts) == "retreat" then
      retreat(q, s)
    else
      L.assign_hits(q, L.ships(q, s), 2, "rule by terror", { source = p })
    end
  end,
}

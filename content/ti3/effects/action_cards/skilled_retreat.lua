-- Skilled Retreat: before any round of a space battle, a player in it puts a
-- command counter from its reinforcements into an adjacent system it has not
-- activated that is friendly or empty, and moves all its ships there (with
-- what they carry); the battle is over for it. Friendly or empty is read as:
-- no other player's units and no planet another player controls (our
-- reading). Not while Flanking Tactic holds the player in the battle.
local L = game.lib
-- Anomalies a ship may not enter (a supernova; an asteroid field without
-- the technology) are no destination, nor a system the movement rules let no
-- ship stop in (an asteroid field: Antimass Deflectors only lets ships pass).
local function enterable(p, t)
  for _, b in ipairs(L.move_rules(p, t).blocked) do if b == t then return false end end
  local rule = L.anomaly_rule and L.anomaly_rule(t)
  if not rule then return true end
  if rule.enter == "never" then return false end
  if rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech) then return false end
  return true
end
local function destinations(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    local ok = enterable(p, t) and not game.has_token(t, "command", p) and game.count_units { system = t, not_owner = p } == 0
    for _, pl in ipairs(game.planets_of(t)) do
      local o = game.planet_owner(pl)
      if o and o ~= p then ok = false end
    end
    if ok then out[#out + 1] = game.system(t).hex or tostring(t) end
  end
  return out
end
local function flanked(p, s)
  local f = game.get("game", nil, "flanking_tactic")
  return f ~= nil and f.player == p and f.system == s
end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and not ctx.ground and ctx.system ~= nil and not ctx.end_combat
      and (p == ctx.attacker or p == ctx.defender) and #L.ships(p, ctx.system) > 0
      and L.reinforcements(p) > 0 and not flanked(p, ctx.system) and #destinations(p, ctx.system) > 0
  end,
  run = function(ctx, p)
    local s = ctx.system
    local pick = game.choose(p, { key = "ti3.system_withdraw" }, destinations(p, s))
    local t = tonumber(pick) or game.system_at(pick)
    game.place_token(t, "command", p)
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      if u.carried == nil then game.move_unit(u.id, { system = t }) end
    end
    game.log({ key = "ti3.withdraws_its_fleet", p = L.pn(p), system = L.sysname(t) })
    L.enforce_limits(p, t)
    ctx.end_combat = "withdrawn"
  end,
}

-- Shattered Ascension v4.5 (seed 000, Appendix I "RULES OF RETREAT").
--
--   * Withdrawals and retreats are one rule, for attacker and defender. Each
--     space battle round ends with the "conduct retreats" step: the attacker
--     may announce a retreat; then the defender may retreat at once (the
--     attacker's announced retreat is then off); if he does not, the attacker
--     may conduct the retreat he announced.
--   * Announcing or conducting a retreat needs a destination: an adjacent
--     system without enemy ships that the fleet may enter. The whole fleet
--     (ships, and the fighters and ground forces they carry) moves there and
--     the system is activated with a command counter from reinforcements
--     (none if the player already has one there). If the battle's system is
--     activated by the retreating player and the destination is not, the
--     counter comes from his strategy allocation instead; a player who cannot
--     pay cannot announce or conduct that retreat. (An admiral in the fleet
--     waives this cost: rules/f_leaders.lua sets R.free_retreat.)
--   * Ships beyond the fleet supply after a retreat are scuttled (the
--     player's choice, L.enforce_limits), and so is cargo the ships cannot
--     carry.
--   * Diplomats' ceasefire (rules/f_leaders.lua fills in R.ceasefire): before
--     the battle, the defending fleet may retreat by these rules if the
--     attacker agrees; that retreat does not break trade agreements.
--
-- Hooking in: `space_combat` (owned: its retreat part) is wrapped, not
-- replaced: while the shared battle runs, its own round-start "announce
-- retreat" question is answered "no" for both sides, and the SA step runs
-- when the round's hits are assigned (just before the `combat_round_end`
-- window). L.retreat_options (used by other retreat effects, e.g. Naalu's
-- early retreat and Rule by Terror) gives the SA destinations.
local L = game.lib
local R = {}
L.sa_retreat = R

local function pn(p) return L.pn(p) end
local function hex(s) return game.system(s).hex or tostring(s) end

-- Hooks the leaders part fills in.
function R.free_retreat(p, s) return false end
function R.ceasefire_possible(a, d, s) return false end
function L.sa_ceasefire_possible(a, d, s) return R.ceasefire_possible(a, d, s) end

-- The strategy allocation counter a retreat from s to t costs (0 or 1).
function R.cost(p, s, t)
  if game.has_token(s, "command", p) and not game.has_token(t, "command", p) and not R.free_retreat(p, s) then return 1 end
  return 0
end

-- Adjacent systems p's fleet in s may retreat to (and can pay for).
function R.destinations(p, s)
  local out = {}
  for _, t in ipairs(game.adjacent(s, "move")) do
    if t ~= s and #L.other_ships(p, t) == 0 then
      local rules = L.move_rules(p, t)
      local blocked = false
      for _, b in ipairs(rules.blocked or {}) do if b == t then blocked = true end end
      if not blocked and R.cost(p, s, t) <= game.counter(p, "strategy") then out[#out + 1] = t end
    end
  end
  table.sort(out)
  return out
end
function L.retreat_options(p, s) return R.destinations(p, s) end

-- Moves p's fleet from s to t and activates t.
function R.conduct(p, s, t, why)
  local cost = R.cost(p, s, t)
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    if u.carried == nil then game.move_unit(u.id, { system = t }) end
  end
  if not game.has_token(t, "command", p) then
    if cost > 0 then
      game.add(p, "strategy", -cost)
      game.place_token(t, "command", p)
      game.log({ key = "sa.retreat_pays_strategy", p = pn(p), system = L.sysname(t) })
    else
      if L.reinforcements(p) <= 0 then
        -- None left in reinforcements: one from the race sheet (as the shared rule).
        local pools = {}
        for _, pool in ipairs(L.POOLS) do
          if game.counter(p, pool) > 0 then pools[#pools + 1] = pool end
        end
        if #pools > 0 then game.add(p, game.choose(p, { key = "sa.retreat_counter_from" }, pools), -1) end
      end
      if L.reinforcements(p) > 0 then game.place_token(t, "command", p) end
    end
  end
  game.log({ key = why and "sa.retreats_to_why" or "sa.retreats_to", p = pn(p), system = L.sysname(t), why = why })
  L.enforce_limits(p, t)
end

-- (L.retreat_options, looked up when called: the tokens part lifts the
-- borders p's technology lets him cross, e.g. an asteroid belt with
-- Antimass Deflectors.)
local function pick_destination(p, s, prompt, first)
  local dests = L.retreat_options(p, s)
  if #dests == 0 then return nil end
  local opts = { first or "no" }
  for _, t in ipairs(dests) do opts[#opts + 1] = hex(t) end
  local pick = game.choose(p, prompt, opts)
  if pick == opts[1] then return nil end
  return tonumber(pick) or game.system_at(pick)
end

-- Lets the window's effects (e.g. Flanking Tactic) forbid the retreat.
local function allowed(p, a, d, s, round)
  local w = game.window("retreat_announced", { player = p, active = a, attacker = a, defender = d, system = s, round = round })
  if w.cancel then
    game.log({ key = "sa.cannot_retreat", p = pn(p) })
    return false
  end
  return true
end

-- The "conduct retreats" step of a round. Returns the player who retreated.
function R.step(a, d, s, round)
  if #L.ships(a, s) == 0 or #L.ships(d, s) == 0 then return nil end
  local announced = pick_destination(a, s, { key = "sa.announce_retreat_to" })
  if announced then
    game.log({ key = "sa.announces_retreat", p = pn(a), system = L.sysname(announced) })
    if not allowed(a, a, d, s, round) then announced = nil end
  end
  local t = pick_destination(d, s, { key = "sa.retreat_now_to" })
  if t and allowed(d, a, d, s, round) then
    R.conduct(d, s, t)
    if announced then game.log({ key = "sa.announced_retreat_off", p = pn(a) }) end
    return d
  end
  if announced then
    local ok = false
    for _, x in ipairs(L.retreat_options(a, s)) do if x == announced then ok = true end end
    if ok and game.choose(a, { key = "sa.conduct_retreat", system = hex(announced) }, { "yes", "no" }) == "yes" then
      R.conduct(a, s, announced)
      return a
    end
  end
  return nil
end

-- Ceasefire: the defender retreats before the battle, with the attacker's
-- leave. Returns true when it did.
function R.try_ceasefire(a, d, s)
  if not R.ceasefire_possible(a, d, s) then return false end
  local t = pick_destination(d, s, { key = "sa.ceasefire_retreat_to" })
  if not t then return false end
  if game.choose(a, { key = "sa.allow_ceasefire", q = pn(d) }, { "allow", "refuse" }) ~= "allow" then
    game.log({ key = "sa.refuses_ceasefire", p = pn(a) })
    return false
  end
  if not allowed(d, a, d, s, 0) then return false end
  R.conduct(d, s, t, "ceasefire")
  return true
end

-- Trade agreements a hostile act would have broken, kept open while a
-- ceasefire was possible (rules/d_strategy.lua): broken once the battle is
-- fought, kept after a ceasefire.
local function settle_pending(a, d, s, fought)
  local pend = game.get("game", nil, "sa_pending_breaks") or {}
  local keep = {}
  for _, x in ipairs(pend) do
    if x.system == s and ((x.p == a and x.q == d) or (x.p == d and x.q == a)) then
      if fought and L.sa_strategy then L.sa_strategy.break_between(x.p, x.q, x.p, "hostile act") end
    else
      keep[#keep + 1] = x
    end
  end
  game.put("game", nil, "sa_pending_breaks", keep)
end

-- The space combat under way (set by the step below): {a, d, s, ctx}.
local battle = nil

-- The shared round-start announcement is not the SA rule: nobody announces
-- a retreat there in a battle of this step.
local base_announce = L.announce_retreats
function L.announce_retreats(a, d, s, round, ctx)
  if battle and (a == battle.a or a == battle.d) and (d == battle.a or d == battle.d) then return nil end
  return base_announce(a, d, s, round, ctx)
end

-- The "conduct retreats" step ends each round of the battle, before the
-- round's end window.
local base_round_ending = L.combat_round_ending
function L.combat_round_ending(rc, ctx)
  local b = battle
  if b and rc.system == b.s and not rc.ground and rc.attacker == b.a then
    local who = R.step(b.a, b.d, b.s, rc.round)
    if who then b.ctx.sa_retreated = who end
  end
  return base_round_ending(rc, ctx)
end

local base_space_combat = game.procedure_fn("space_combat")
procedure("space_combat", function(ctx)
  local a, s = ctx.player, ctx.system
  local d = ctx.defender or (a and s and L.enemies_in(a, s)[1])
  if not a or not s or not d then return base_space_combat(ctx) end
  if #L.ships(d, s) > 0 and #L.ships(a, s) > 0 and R.try_ceasefire(a, d, s) then
    ctx.sa_ceasefire = true
    settle_pending(a, d, s, false)
    return
  end
  local prev = battle
  battle = { a = a, d = d, s = s, ctx = ctx }
  local res = table.pack(pcall(base_space_combat, ctx))
  battle = prev
  if not res[1] then error(res[2], 0) end
  settle_pending(a, d, s, true)
  return table.unpack(res, 2, res.n)
end)


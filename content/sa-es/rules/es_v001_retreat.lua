-- Shattered Ascension, Spanish rulebook (seed 001): retreats.
--
-- 001 has no section on retreats like 000's "RULES OF RETREAT" (one rule for
-- both sides, the attacker announcing and the defender going first, the
-- counter paid from the strategy allocation when leaving an activated
-- system, scuttling over the fleet supply). It recommends every Shattered
-- Empire option but two, Tactical Retreats among them, and changes only one
-- thing (001 "General"): in a tactical retreat the destination system is
-- activated only if ships survive to carry out the retreat. So here:
--
--   * The TI3 retreat of the shared space battle stands: at the start of each
--     round the defender, then the attacker (if the defender did not), may
--     announce a retreat; after the round's hits, if both sides still have
--     ships, the announcing fleet moves to an adjacent system holding none of
--     another player's ships and some of its own units or planets, and a
--     command counter from reinforcements is placed there (none if one of his
--     is there already). No strategy allocation cost.
--   * Tactical Retreats (SE option `tactical_retreats`, which sa-en removes,
--     declared again in v001.yaml; ti3's destinations A.tactical_destinations
--     and its window subscriber are used as they are): on announcing, a
--     player with a counter in his command pool may name an adjacent empty or
--     friendly system he has not activated. 001's change: the counter from
--     the command pool goes there when the fleet actually retreats; a fleet
--     destroyed (or left alone, its enemy gone) in that round places nothing
--     and keeps the counter (ti3 places it on announcing).
--   * Diplomats (001 "Líderes"): only a diplomat in the ATTACKING fleet lets
--     the enemy fleet retreat before the space battle (000: a diplomat of
--     either side in the system). That retreat keeps trade agreements (as
--     000) and follows the retreat rule above.
--   * Admirals: the TI3 bar on enemy retreats stays (es_rules_b.lua); it acts
--     through the retreat_announced window this file opens.
--
-- Hooking in: sa-en's space_combat wrapper (e_retreat.lua) answers the
-- shared round-start announcement "no" and calls R.step when the round's
-- hits are assigned. Here R.step, R.cost and R.destinations are replaced,
-- and an outer wrapper asks for the announcement when the round starts.
local L = game.lib
local R = L.sa_retreat
local A = L.opta
local F = L.sa_leaders
local V1 = L.sa_es_v001 or {}
L.sa_es_v001 = V1

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end
local function hex(s) return game.system(s).hex or tostring(s) end

if R and A then
  -- No strategy allocation cost: the counter comes from reinforcements.
  R.cost = function() return 0 end

  -- The TI3 destinations: adjacent, none of another player's ships, some of
  -- p's units or planets: the shared rule of ti-common's combat.lua, which
  -- sa-en replaces (it is kept there as L.retreat_options_base).
  local shared_destinations = L.retreat_options_base
  function R.destinations(p, s)
    local out = {}
    for _, t in ipairs(shared_destinations(p, s)) do
      if t ~= s then out[#out + 1] = t end
    end
    table.sort(out)
    return out
  end

  -- Ordinary (not tactical) destinations, with the board's passages.
  function V1.ordinary(p, s)
    local plain, tac = {}, {}
    for _, t in ipairs(R.destinations(p, s)) do plain[t] = true end
    if opt("tactical_retreats") then
      for _, t in ipairs(A.tactical_destinations(p, s)) do tac[t] = true end
    end
    local out, seen = {}, {}
    for _, t in ipairs(L.retreat_options(p, s)) do
      if (plain[t] or not tac[t]) and not seen[t] then seen[t] = true; out[#out + 1] = t end
    end
    table.sort(out)
    return out
  end

  -- The battle under way: { a, d, s, retreating, tactical }.
  V1.battle = nil

  -- Start of a round: the announcements (TI3: defender first).
  function V1.announce(st, round)
    st.retreating, st.tactical = nil, nil
    if #L.ships(st.a, st.s) == 0 or #L.ships(st.d, st.s) == 0 then return end
    for _, p in ipairs({ st.d, st.a }) do
      if not st.retreating and #L.retreat_options(p, st.s) > 0 then
        if game.choose(p, { key = "announce_retreat" }, { "no", "yes" }) == "yes" then
          game.log({ key = "announces_retreat", p = pn(p) })
          local w = game.window("retreat_announced", { player = p, active = st.a, attacker = st.a, defender = st.d, system = st.s, round = round })
          if w.cancel then game.log({ key = "cannot_retreat_this_round", p = pn(p) }) else st.retreating = p end
        end
      end
    end
  end

  -- Tactical retreat named on announcing (ti3's subscriber calls this); the
  -- counter waits for the retreat itself.
  function A.on_retreat_tactical(ctx)
    local p, s, st = ctx.player, ctx.system, V1.battle
    if not st or st.s ~= s or (ctx.round or 0) < 1 or ctx.cancel then return end
    if game.counter(p, "tactic") <= 0 then return end
    local ordinary = V1.ordinary(p, s)
    local seen = {}
    for _, t in ipairs(ordinary) do seen[t] = true end
    local opts = {}
    if #ordinary > 0 then opts[1] = "ordinary retreat" end
    local n = #opts
    for _, t in ipairs(A.tactical_destinations(p, s)) do
      if not seen[t] then opts[#opts + 1] = hex(t) end
    end
    if #opts == n then return end
    local pick = game.choose(p, { key = "sa_es.tactical_retreat_to" }, opts)
    if pick == "ordinary retreat" then return end
    st.tactical = tonumber(pick) or game.system_at(pick)
    game.log({ key = "ti3.prepares_tactical_retreat", p = pn(p), system = L.sysname(st.tactical) }
)
  end

  -- After the round's hits (sa-en's wrapper calls it): the retreat.
  function R.step(a, d, s, round)
    local st = V1.battle
    if not st or st.s ~= s then return nil end
    local p, t = st.retreating, st.tactical
    st.retreating, st.tactical = nil, nil
    if not p then return nil end
    if #L.ships(a, s) == 0 or #L.ships(d, s) == 0 then
      if t then
        game.log({ key = "sa_es.retreat_not_activated", p = pn(p), system = L.sysname(t) })
      end
      return nil
    end
    if t then
      if game.counter(p, "tactic") <= 0 or #L.other_ships(p, t) > 0 then
        game.log({ key = "sa.cannot_retreat", p = pn(p) })
        return nil
      end
      if not game.has_token(t, "command", p) then
        game.add(p, "tactic", -1)
        game.place_token(t, "command", p)
        game.log({ key = "sa_es.activates_for_tactical_retreat", p = pn(p), system = L.sysname(t) })
      end
    else
      local dests = V1.ordinary(p, s)
      if #dests == 0 then return nil end
      local opts = {}
      for _, x in ipairs(dests) do opts[#opts + 1] = hex(x) end
      local pick = game.choose(p, { key = "retreat_to" }, opts)
      t = tonumber(pick) or game.system_at(pick)
    end
    R.conduct(p, s, t)
    return p
  end

  -- A diplomat in the attacking fleet.
  if F then
    function R.ceasefire_possible(a, d, s) return F.fleet_has(a, s, "diplomat") end
  end

  -- Retreats are announced at the start of each round of the battle, before
  -- the round's start window.
  local base_round_starting = L.combat_round_starting
  function L.combat_round_starting(rc, ctx)
    local st = V1.battle
    if st and rc.system == st.s and not rc.ground and rc.attacker == st.a then V1.announce(st, rc.round) end
    return base_round_starting(rc, ctx)
  end

  local base_space_combat = game.procedure_fn("space_combat")
  procedure("space_combat", function(ctx)
    local a, s = ctx.player, ctx.system
    local d = ctx.defender or (a and s and L.enemies_in(a, s)[1])
    if not a or not s or not d then return base_space_combat(ctx) end
    local st = { a = a, d = d, s = s }
    local prev = V1.battle
    V1.battle = st
    local res = table.pack(pcall(base_space_combat, ctx))
    V1.battle = prev
    if not res[1] then error(res[2], 0) end
    return table.unpack(res, 2, res.n)
  end)
end

-- Shattered Ascension, Spanish rulebook (seed 001 "Líderes", "Soles
-- Distantes"): leader rules where 001 differs from sa-en (seed 000,
-- rules/f_leaders.lua = L.sa_leaders) and the earlier es_ files do not
-- follow it yet.
--
--   * Generals (001: both invasion combat abilities, re-roll and +1,
--     attacking and defending): 001 has no "the same die may be re-rolled
--     twice" (000), so each of the general's two re-rolls is on a different
--     missed die; a re-rolled die that misses again is not offered again.
--   * Captives: 001 has no freeing (000 lets the captor free a captive in the
--     status phase): the captor keeps, hands over (es_rules_b.lua) or
--     executes, the last only with a ready planet to exhaust for it (001
--     l.120; our reading: a price he cannot pay bars the execution). When
--     the planet or ship holding a captive is taken or
--     destroyed, the fate roll is made again (as sa-en); if the leader
--     escapes, or its own side "captures" it, it comes back into play in that
--     same system: on one of its owner's planets or ships there (000: any of
--     them). UNCERTAIN: with none of them in that system the owner places it
--     as sa-en does, anywhere; 001 does not say.
--   * Domain counters (001 "Soles Distantes"): a leader that would be killed
--     as a result of meeting a domain counter always escapes instead. A
--     leader lost while a domain counter is being resolved (landing on a
--     planet's counter, ships meeting a space counter) is marked; if its fate
--     roll kills it, it escapes.
--   * Diplomats' passage (001: a diplomat may let an active enemy fleet pass
--     through a fleet friendly to it in the same system): the mover's ships
--     may be let through a system only when every player whose ships stop
--     them there has a diplomat of his own there (not a captive); those
--     players are asked (sa-en: any diplomat in the system lets every player
--     there be asked, a player without a diplomat too).
--   * Not changed: the agents' automatic capture (001: enemy leaders beaten
--     in a battle "in which an agent is present"; 000: in a battle the agent's
--     side won). Here only the side holding the place can capture (the
--     winner, after a space battle or an invasion), so the two readings give
--     the same captures; sa-en's rule stays. Ships with no capacity carrying
--     leaders (000's last sentence, absent from 001): TI3 itself lets leaders
--     ride on any ship but fighters (ti3 options_a), and 001's "ground forces
--     that take no capacity" does not clearly forbid it, so nothing changes.
local L = game.lib
local A = L.opta
local F = L.sa_leaders
local V1 = L.sa_es_v001 or {}
L.sa_es_v001 = V1

local function pn(p) return L.pn(p) end

if A and F then
  ---------------------------------------------------------------------------
  -- Generals: different dice.
  -- (A die re-rolled once is not offered again: A.general_reroll_choices.)
  local base_reroll_choices = A.general_reroll_choices
  function A.general_reroll_choices(ctx, opts, picked)
    opts = base_reroll_choices(ctx, opts, picked)
    local done = {}
    for _, x in ipairs(picked) do
      local k = x:match("^([%w_]+:%d+:%d+)")
      if k then done[k] = true end
    end
    local keep = {}
    for _, o in ipairs(opts) do
      local k = o:match("^([%w_]+:%d+:%d+)")
      if not (k and done[k]) then keep[#keep + 1] = o end
    end
    if #keep == 0 then return { "none" } end
    return keep
  end

  ---------------------------------------------------------------------------
  -- Captives: no freeing; no execution without a ready planet to exhaust
  -- for it (001 l.120: choosing and exhausting one is the price; the captives
  -- are dealt with as the status phase begins, before the planets are
  -- refreshed).
  local function has_ready_planet(q)
    for _, pl in ipairs(game.planets_owned(q)) do
      if not game.exhausted(pl) then return true end
    end
    return false
  end
  local base_captive_choices = A.captive_choices
  function A.captive_choices(q, rec, opts)
    local keep = {}
    local can_pay = has_ready_planet(q)
    for _, o in ipairs(base_captive_choices(q, rec, opts)) do
      if o ~= "free" and (o ~= "execute" or can_pay) then keep[#keep + 1] = o end
    end
    return keep
  end

  -- A captive that escapes (or that its own side captures) comes back in
  -- the system where it was held.
  -- (The captive coming back, while A.escape places it: {rec, inside}.)
  local returning = nil
  local base_escape = A.escape
  function A.escape(rec, why, except, verb)
    local s = rec.status == "fate" and rec.fate_from == "captive" and rec.system
    if not s then return base_escape(rec, why, except, verb) end
    local inside = {}
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == rec.owner and pl ~= except then inside[pl] = true end
    end
    for _, u in ipairs(L.ships(rec.owner, s)) do
      if L.def(rec.owner, u.kind).type ~= "fighter" then inside[u.kind .. "#" .. u.id] = true end
    end
    if next(inside) == nil then return base_escape(rec, why, except, verb) end
    game.log({ key = "sa_es.captive_back_in_play", leader = pn(rec.owner) .. " " .. rec.type .. " " .. rec.name, system = L.sysname(s) })
    local prev = returning
    returning = { rec = rec, inside = inside }
    return L.guarded(function() returning = prev end, base_escape, rec, why, except, verb)
  end

  -- Its places: those in that system (A.leader_place_choices).
  local base_place_choices = A.leader_place_choices
  function A.leader_place_choices(rec, opts)
    opts = base_place_choices(rec, opts)
    if not (returning and returning.rec == rec) then return opts end
    local keep = {}
    for _, o in ipairs(opts) do if returning.inside[o] then keep[#keep + 1] = o end end
    if #keep == 0 then return opts end
    return keep
  end

  ---------------------------------------------------------------------------
  -- Domain counters: leaders they would kill escape.
  V1.domain_depth = 0
  local function with_domain(fn, ...)
    V1.domain_depth = V1.domain_depth + 1
    local r = table.pack(pcall(fn, ...))
    if r[1] and A.sync then
      -- Losses the counter caused, noted while the mark is on.
      local ok, err = pcall(A.sync)
      if not ok then r = { false, err, n = 2 } end
    end
    V1.domain_depth = V1.domain_depth - 1
    if not r[1] then error(r[2], 0) end
    return table.unpack(r, 2, r.n)
  end

  local base_lose = F.lose
  function F.lose(list, i, where, why)
    base_lose(list, i, where, why)
    if list[i] then list[i].es_domain = (V1.domain_depth > 0) or nil end
  end

  local base_kill = A.kill
  function A.kill(rec, why)
    if rec.es_domain and rec.status == "fate" then
      rec.es_domain = nil
      game.log({ key = "sa_es.escapes_domain_counter", leader = pn(rec.owner) .. " " .. rec.type .. " " .. rec.name })
      return A.escape(rec, why)
    end
    rec.es_domain = nil
    return base_kill(rec, why)
  end

  local B = L.optb
  if B then
    for _, name in ipairs({ "resolve_planet_counter", "ships_arrived" }) do
      local base = B[name]
      if base then B[name] = function(...) return with_domain(base, ...) end end
    end
  end
end

-- Diplomats' passage: each player whose ships stop p's in B needs a diplomat
-- of his own there (sa-en's hook in f_leaders.lua).
function L.sa_diplomat_passage_open(p, B)
  local enemies = L.enemies_in(p, B)
  if #enemies == 0 then return false end
  for _, q in ipairs(enemies) do
    local own = false
    for _, u in ipairs(game.units { system = B, owner = q, kind = "leader_diplomat" }) do
      if not game.get("unit", u.id, "sa_captive") then own = true end
    end
    if not own then return false end
  end
  return true
end

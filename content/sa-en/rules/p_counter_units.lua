-- Shattered Ascension v4.5 (seed 000, Appendix I 4/5): the units of a domain
-- counter are regular units in combat: they can be bombarded, converted or
-- captured like plastic ones (the counter itself stays a counter).
--
-- ti3's counters (rules/options_b.lua of ti3) fight with neutral units that
-- exist only while the counter is resolved, and a counter that beats a
-- landing comes back in full. What is modelled here:
--   * Losses stay. When a counter with neutral units (Hostile Locals: ground
--     forces; Fighter Ambush: fighters) stays on its planet after a failed
--     landing, the units it lost are gone: planet prop sa_ds_units =
--     {counter=, n=} keeps how many are left, and the next landing meets
--     only those.
--   * Bombardment. A face-up counter with neutral ground forces on a planet
--     being invaded (after a failed landing, or face up from the start under
--     Ancient Empire) may be bombarded in the invasion's bombardment step by
--     the active player's units that have not bombarded yet: each hit
--     destroys one of its ground forces. With none left the counter, once
--     met, has nothing to fight with. UNCERTAIN: a face-down counter cannot
--     be bombarded (its units are not known until it is turned up).
--   * Not modelled: converting or capturing them. The abilities that do so
--     act on units of a player in a battle; the counter's units are not
--     units on the board, and giving them to a player would make them his
--     own plastic units, which the seed does not describe.
-- Only the first counter of a planet (planet prop se_ds) is followed when a
-- planet holds several.
local L = game.lib
local AU = L.sa_more or {}
L.sa_more = AU
local B = L.optb

-- Counter effects whose neutral units are tracked, and their unit kind.
AU.COUNTER_UNITS = { hostile_locals = "ground_force", fighter_ambush = "fighter" }

local function counter_def(id) return id and game.data.se_counters_b and game.data.se_counters_b[id] end

-- The neutral units of the counter on pl: kind, number (nil if none known).
function AU.counter_units(pl)
  local id = game.get("planet", pl, "se_ds")
  local c = counter_def(id)
  local kind = c and AU.COUNTER_UNITS[c.effect]
  if not kind then return nil end
  local kept = game.get("planet", pl, "sa_ds_units")
  if kept and kept.counter == id then return kind, kept.n end
  return kind, c.value or 0
end

if B and B.resolve_planet_counter then
  -- The counter being resolved on a planet: {planet=, counter=, kind=, n=, lost=}.
  local current = nil

  local base_count = B.neutral_count
  function B.neutral_count(c, where)
    if current and where.planet == current.planet and where.counter == current.counter then return current.n end
    return base_count(c, where)
  end

  local base_destroyed = B.neutral_destroyed
  function B.neutral_destroyed(kind, label)
    if current and kind == current.kind then current.lost = current.lost + 1 end
    return base_destroyed(kind, label)
  end

  local base_resolve = B.resolve_planet_counter
  function B.resolve_planet_counter(p, pl)
    local id = game.get("planet", pl, "se_ds")
    local c = counter_def(id)
    local kind = c and AU.COUNTER_UNITS[c.effect]
    if not kind then return base_resolve(p, pl) end
    local _, n = AU.counter_units(pl)
    local full = c.value
    local outer = current
    current = { planet = pl, counter = id, kind = kind, n = n, lost = 0 }
    local cur = current
    local ok, res = pcall(base_resolve, p, pl)
    current = outer
    if not ok then error(res, 0) end
    local lost = cur.lost
    if game.get("planet", pl, "se_ds") == id and not game.planet_owner(pl) then
      local left = math.max(0, n - lost)
      game.put("planet", pl, "sa_ds_units", { counter = id, n = left })
      if left < full then
        game.log({ key = left == 1 and "sa.counter_unit_left" or "sa.counter_units_left", counter = L.name("se_counters_b", id), planet = L.name("planets", pl), n = left })
      end
    else
      game.put("planet", pl, "sa_ds_units", nil)
    end
    return res
  end

  local base_discard = B.discard_planet_counter
  if base_discard then
    function B.discard_planet_counter(pl, why)
      game.put("planet", pl, "sa_ds_units", nil)
      return base_discard(pl, why)
    end
  end
end

-- Bombardment of face-up counters' ground forces, after the other targets.
local base_bombardment = game.procedure_fn("bombardment")
procedure("bombardment", function(ctx)
  local r = base_bombardment(ctx)
  if not game.options.distant_suns or ctx.sa_no_invasion then return r end
  local p, s = ctx.player, ctx.system
  if not p or not s then return r end
  local targets = {}
  for _, pl in ipairs(game.planets_of(s)) do
    local kind, n = AU.counter_units(pl)
    if kind == "ground_force" and (n or 0) > 0 and game.get("planet", pl, "se_ds_revealed")
      and not game.planet_owner(pl) and not (ctx.forbid and ctx.forbid[pl]) then
      targets[#targets + 1] = pl
    end
  end
  if #targets == 0 then return r end
  ctx.sa_done = ctx.sa_done or {}
  local extra = L.extra_dice(p, "bombardment")
  for _, u in ipairs(L.ships(p, s)) do
    local d = L.def(p, u.kind)
    if d.bombardment and not ctx.sa_done[u.id] then
      local opts = { "none" }
      for _, pl in ipairs(targets) do
        local _, n = AU.counter_units(pl)
        if n > 0 then opts[#opts + 1] = pl end
      end
      if #opts == 1 then break end
      local pick = game.choose(p, { key = "sa.bombard_counter_units", unit = u.kind .. "#" .. u.id, id = u.id }, opts)
      if pick ~= "none" then
        ctx.sa_done[u.id] = true
        local hits = game.roll({ key = "sa.counter_bombardment", p = L.pn(p), unit = u.kind }, d.bombardment.dice + extra, d.bombardment.hit)
        extra = 0
        local id = game.get("planet", pick, "se_ds")
        local _, n = AU.counter_units(pick)
        local k = math.min(hits, n)
        game.put("planet", pick, "sa_ds_units", { counter = id, n = n - k })
        if k > 0 then
          game.log({ key = k == 1 and "sa.counter_force_bombarded" or "sa.counter_forces_bombarded", n = k, planet = L.name("planets", pick), left = n - k })
        end
      end
    end
  end
  return r
end)

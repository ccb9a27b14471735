-- Shattered Ascension's fights as plans (`imperium combat`). In a plain
-- fight (two players with no race, technology, leader or card in play, ships
-- only, in an empty system: what ti-common's `combat_plan` accepts), the
-- procedures and helpers this pack and ti3 put over ti-common's do what the
-- plan describes once each unit's entry carries SA's sustain damage (a war
-- sun absorbs two hits) and its dice lost to damage (one die fewer per hit
-- absorbed, never fewer than one): c_units.lua's rules, through
-- L.plan_unit. The test `sa_plans_play_the_same_fights_as_the_procedure`
-- (tests/combat_exact.rs) holds this to account: the same seeds give the
-- same results both ways. Loaded last, so that it covers every replacement
-- of this pack; a pack on top that replaces one of them again must say so,
-- or its fights run the procedure. (This file marks nothing whose
-- definers include such a pack, so that pack marks the whole chain once
-- every pack has loaded, from the first definition up: L.plain_wrapper(cur,
-- game.lib_first(n), plain), as sa-es's es_plan.lua does.)
local L = game.lib
local U = L.sa_units

-- Unit fields of this pack that do nothing in a space combat in a system
-- without planets (production limits, bombardment, the war sun
-- technology's bonus, which L.def has applied already).
local SA_FIELDS = { production_cost = true, bombard_without_invasion = true, sa_tech_bonus = true }
local base_field = L.plan_field
function L.plan_field(k) return SA_FIELDS[k] == true or base_field(k) end

-- Sustain damage as many times as the unit may, less the hits it has
-- taken; its dice lowered for those hits, and one fewer for each hit it
-- absorbs in the fight (U.dice_lost: never fewer than one).
local base_plan_unit = L.plan_unit
function L.plan_unit(p, u, def, pu)
  pu = base_plan_unit(p, u, def, pu)
  if not pu then return nil end
  pu.sustain = math.max(0, U.max_sustain(def) - U.hits(u.id))
  if pu.dice > 0 then
    pu.dice = pu.dice - U.dice_lost(p, u, pu.dice)
    pu.dice_lost, pu.min_dice = 1, 1
  end
  return pu
end

-- Options that change nothing in such a fight; with any other option on,
-- the fight runs the procedure.
local QUIET = { se_strategy_cards = true, leaders = true, facilities = true, long_game = true }
local function plain()
  for _, k in ipairs(game.keys(game.options)) do
    if game.options[k] and not QUIET[k] then return false end
  end
  return true
end

--- Marks as leaving plain fights alone (L.plain_wrapper over the whole chain, from the first definition up, when `plain(board)`) every procedure and helper a plain fight runs (L.plan_names) that was replaced and that only the packs of set `packs` defined; with `must`, only those that pack defined too, and with `only` (a set of names), only those. Called once every pack has loaded (game.when_loaded): some wrappers go on then.
function L.sa_mark_plain(packs, plain, must, only)
  local function ours(name, origins)
    if only and not only[name] then return false end
    local seen = must == nil
    for _, pack in ipairs(origins or {}) do
      if not packs[pack] then return false end
      if pack == must then seen = true end
    end
    return seen
  end
  local procs, libs = L.plan_names()
  for _, n in ipairs(libs) do
    if L[n] ~= game.lib_first(n) and ours(n, game.lib_origin(n)) then
      L.plain_wrapper(L[n], game.lib_first(n), plain)
    end
  end
  for _, n in ipairs(procs) do
    if game.procedure_fn(n) ~= game.procedure_first(n) and ours(n, game.procedure_origin(n)) then
      L.plain_wrapper(game.procedure_fn(n), game.procedure_first(n), plain)
    end
  end
end

-- Only what this pack and its parents defined: a pack on top that replaces
-- one of them again keeps its fights on the procedure until it says so.
-- Every definer counts, not only the last: a wrapper of ti3 that goes on
-- once every pack has loaded (game.when_loaded) sits on top of what a pack
-- on top of this one put in between.
local OURS = { ["ti-common"] = true, ti3 = true, ["sa-en"] = true }
game.when_loaded(function() L.sa_mark_plain(OURS, plain) end)

-- The TACS tables (tables.yaml, units.yaml `tacs`) read through helpers, so a
-- child pack or a technology can change one number without copying the rest.
local L = game.lib

-- A table of tables.yaml (tacs_tables) by name.
function L.tacs_table(name)
  local t = game.data.tacs_tables[name]
  if t == nil then error("tacs: no table '" .. tostring(name) .. "' in tacs_tables") end
  -- A single number or name is written { value: x }, a list { list: [...] }.
  if t.value ~= nil then return t.value end
  if t.list ~= nil then return t.list end
  return t
end

-- hook: the TACS data of p's unit of `kind` (size, armor, zone_move, hp, cannons, attrition), with p's technologies applied; nil for a unit without any.
function L.tacs_def(p, kind)
  local d = L.def(p, kind)
  return d and d.tacs
end

-- The cannons a full unit of `kind` mounts, as a list of sizes in fire order
-- (VL, L, M, H, A), e.g. a dreadnought: L, M, M, H, H.
function L.tacs_full_cannons(p, kind)
  local t = L.tacs_def(p, kind)
  local out = {}
  if not t then return out end
  for _, c in ipairs(L.tacs_table("fire_order")) do
    for _ = 1, (t.cannons[c] or 0) do out[#out + 1] = c end
  end
  return out
end

-- hook: the maximum hit points of p's unit of `kind`.
function L.tacs_max_hp(p, kind)
  local t = L.tacs_def(p, kind)
  return t and t.hp or 0
end

-- Unit u's current hit points and cannons (full until it is damaged).
function L.tacs_hp(u)
  return game.get("unit", u.id, "tacs_hp") or L.tacs_unit_max_hp(u)
end

-- Unit u's maximum hit points: its kind's, and any a card gave it (unit prop
-- tacs_extra_hp, Fighter Prototype).
function L.tacs_unit_max_hp(u)
  return L.tacs_max_hp(u.owner, u.kind) + (game.get("unit", u.id, "tacs_extra_hp") or 0)
end
-- Sets unit u's current hit points (nil: full).
function L.tacs_set_hp(u, hp) game.put("unit", u.id, "tacs_hp", hp) end
-- Unit u's cannons now (a list of sizes; its full set until attrition takes some).
function L.tacs_cannons(u)
  return game.get("unit", u.id, "tacs_cannons") or L.tacs_full_cannons(u.owner, u.kind)
end
-- Sets unit u's cannons (nil: its full set).
function L.tacs_set_cannons(u, list) game.put("unit", u.id, "tacs_cannons", list) end

-- How many cannons p's unit of `kind` keeps with `hp` hit points (table 7):
-- the smallest k whose threshold is at least hp. A unit whose maximum hit
-- points or number of cannons differ from the table's (a technology changed
-- them) keeps ceil(cannons * hp / max) instead (UNCERTAIN: our reading of
-- "proportionally" for modified ships).
function L.tacs_cannons_left(p, kind, hp)
  if hp <= 0 then return 0 end
  local t = L.tacs_def(p, kind)
  local full = #L.tacs_full_cannons(p, kind)
  local max = L.tacs_max_hp(p, kind)
  local th = t and t.attrition
  if th and #th == full and th[#th] == max then
    for k, v in ipairs(th) do
      if hp <= v then return k end
    end
    return full
  end
  if max <= 0 then return full end
  return math.min(full, -(-(full * hp) // max))
end

-- Table 8: the number p's cannon of size `cannon` needs to hit a target of
-- size `size`; `fighter_shot` when a fighter fires at a fighter.
function L.tacs_accuracy(cannon, size, fighter_shot)
  if fighter_shot and size == "VS" then return L.tacs_table("fighter_on_fighter") end
  local row = L.tacs_table("accuracy")[cannon]
  return row and row[size]
end

-- Table 9: the number a cannon needs to damage armor `armor` once it hit.
function L.tacs_potency(cannon, armor)
  local row = L.tacs_table("potency")[cannon]
  return row and row[armor]
end

-- The potency roll after a hit. `base` is the d10 number of table 9 (or 11);
-- `over` how many points the accuracy roll showed over the number it needed.
-- Each point over adds 5% to the chance of damage (potency_step_percent), so
-- the chance is (11 - base) * 10% + over * 5%, at most 100%. How a 5% step is
-- rolled: when the chance is a whole multiple of 10% the roll is a d10 needing
-- 11 - chance/10 (the seed's example: a light cannon against heavy armor
-- needs 7, 40%; an accuracy roll 2 over adds 10%, so it needs 6, 50%); when
-- it is an odd multiple of 5% the roll is a d20 needing 21 - chance/5 (45%:
-- 12 or more on a d20), which gives every 5% step exactly. Returns the sides
-- of the die and the number needed.
function L.tacs_potency_need(base, over)
  local step = L.tacs_table("potency_step_percent")
  local chance = (11 - base) * 10 + math.max(0, over or 0) * step
  if chance >= 100 then return 10, 1 end
  if chance <= 0 then return 10, 11 end
  if chance % 10 == 0 then return 10, 11 - chance // 10 end
  return 20, 21 - chance // 5
end

-- The chance in percent that one shot (accuracy need `acc`, potency number
-- `pot`, both on a d10) damages its target, counting the 5% steps and the
-- automatic damage on 10 (for policies and tests).
function L.tacs_damage_chance(acc, pot)
  local total = 0
  local auto = L.tacs_table("auto_damage")
  for r = math.max(1, acc), 10 do
    if r >= auto then
      total = total + 100
    else
      local sides, need = L.tacs_potency_need(pot, r - acc)
      total = total + 100 * math.max(0, sides - need + 1) / sides
    end
  end
  return total / 10
end

-- Table 5: the lowest and highest damage of a cannon's shot.
function L.tacs_damage_range(cannon)
  local r = L.tacs_table("damage")[cannon]
  return r[1], r[2]
end

-- Repairs unit u by up to `amount` hit points (never above its maximum) and
-- gives back the cannons table 7 allows at its new hit points (the lost ones,
-- in fire order). Logs the repair; returns the points repaired.
function L.tacs_repair(u, amount)
  local max = L.tacs_unit_max_hp(u)
  local hp = L.tacs_hp(u)
  local new = math.min(max, hp + math.max(0, amount))
  if new <= hp then return 0 end
  L.tacs_set_hp(u, new < max and new or nil)
  local have = L.tacs_cannons(u)
  local want = L.tacs_cannons_left(u.owner, u.kind, new)
  if #have < want then
    local count = {}
    for _, c in ipairs(have) do count[c] = (count[c] or 0) + 1 end
    local out = {}
    for _, c in ipairs(L.tacs_full_cannons(u.owner, u.kind)) do
      if (count[c] or 0) > 0 then
        count[c] = count[c] - 1
        out[#out + 1] = c
      elseif #have < want then
        have[#have + 1] = c
        out[#out + 1] = c
      end
    end
    L.tacs_set_cannons(u, #out < #L.tacs_full_cannons(u.owner, u.kind) and out or nil)
  end
  game.log({ key = "tacs.repaired", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, n = new - hp, hp = new })
  return new - hp
end

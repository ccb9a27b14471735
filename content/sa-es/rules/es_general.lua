-- Shattered Ascension, Spanish rulebook (seed 001, "APÉNDICE 1:
-- Modificaciones de Regla", General and Unidades) where it differs from
-- sa-en (seed 000, rules/b_general.lua = L.sa_general, rules/c_units.lua =
-- L.sa_units).
--
-- General:
--   * A planet that takes a bombardment hit with no ground forces on it turns
--     neutral only outside home systems (001 names a planet of a non-home system);
--     000 has no such exception.
--   * 000's rule that home system planets go back to their owner as each
--     strategy phase begins is not in 001: off.
--   * 000's rules that a space dock may always be built on one's own home
--     system planets and that nobody takes a trade station from a player with
--     ships in its system are not in 001: off (the ti3 rules stand: a new dock
--     needs a planet held since the start of the round).
--   * Facilities (001 "Unidades"): built only on a planet that is not
--     exhausted, and exhausting it is their whole cost. sa-en places them in
--     the refresh step instead of refreshing the planet; here the planet must
--     also be ready at that moment (it stays exhausted for the next round).
--   * Space mines (001 "Unidades"): they lie on a system's borders and are
--     neutral: they go off when any fleet crosses them, their layer's too,
--     before the space cannon step; two mines never lie on the same border;
--     one die per non-fighter ship crossing, each 8+ a hit on the crossing
--     fleet, assigned as usual by its owner (fighters included). 001 does not
--     say when a mine leaves the board: as in sa-en, when it scores a hit.
--     (000: only other players' fleets, hits on non-fighter ships.) Laying
--     them (one border, not 000's two): es_v002_mines.lua.
-- Units:
--   * Shock troops cost 3 (es_data.yaml) and one ground force is promoted after
--     every successful invasion (attackers only, 001); 000 asks for a planet
--     that ground units defended.
--   * War suns: 001 keeps the TI3 movement 2 and three bombardment dice for
--     every race (only the Muaat's slow war suns bombard with one die,
--     es_races.lua); they sustain damage twice and count 3 toward production
--     limits as in 000 (es_data.yaml patch).
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local G = L.sa_general
if G then
  -- Home planets do not come back by themselves.
  G.home_planets_return = function() end
  -- No home-system dock exception, no trade station lock.
  G.planet_gained = function() end
  G.trade_stations = function() end

  -- Bombarding a bare planet: home system planets keep their owner.
  local base_neutral = G.bombard_neutral
  if base_neutral then
    G.bombard_neutral = function(p, q, pl)
      if G.is_home_system and G.is_home_system(game.planet_system(pl)) then return end
      return base_neutral(p, q, pl)
    end
  end

  -- Facilities only on a ready planet.
  local base_fac = G.facility_ok
  if base_fac then
    G.facility_ok = function(p, pl, kind)
      if game.exhausted(pl) then return false end
      return base_fac(p, pl, kind)
    end
  end

  -- Space mines: one to a border.
  local base_place = L.sa_place_mine
  if base_place then
    function L.sa_place_mine(owner, a, b)
      if a > b then a, b = b, a end
      for _, m in ipairs(L.sa_mines()) do
        if m.a == a and m.b == b then return false end
      end
      return base_place(owner, a, b)
    end
  end
  if G.mine_borders then
    G.mine_borders = function(p, s)
      local out = {}
      for _, t in ipairs(L.adjoining(s)) do
        local a, b = math.min(s, t), math.max(s, t)
        local taken = false
        for _, m in ipairs(L.sa_mines()) do
          if m.a == a and m.b == b then taken = true end
        end
        if not taken then out[#out + 1] = t end
      end
      return out
    end
  end

  -- Space mines go off under any fleet (sa-en's G.mine_crossings says which
  -- ships cross which mine).
  local border_name = G.border_name
  G.cross_mines = function(p, target, moved, rules)
    local mines = L.sa_mines()
    if #mines == 0 then return end
    local ships, fighters = {}, {}
    for _, x in ipairs(moved) do
      if game.unit_exists(x.unit.id) then
        if (L.def(p, x.unit.kind).type or x.unit.kind) == "fighter" then fighters[#fighters + 1] = x else ships[#ships + 1] = x end
      end
    end
    if #ships == 0 then return end
    local crossing, order = G.mine_crossings(p, target, ships, rules, mines, function(m) return border_name(m.a, m.b) end)
    for _, i in ipairs(order) do
      local m = mines[i]
      local dice, victims, seen = 0, {}, {}
      for _, x in ipairs(crossing[i]) do
        if game.unit_exists(x.unit.id) then dice = dice + 1; victims[#victims + 1] = x.unit; seen[x.unit.id] = true end
      end
      -- The fighters that came along from the same systems are part of the fleet.
      for _, f in ipairs(fighters) do
        for _, x in ipairs(crossing[i]) do
          if f.from == x.from and not seen[f.unit.id] and game.unit_exists(f.unit.id) then
            seen[f.unit.id] = true
            victims[#victims + 1] = f.unit
          end
        end
      end
      if dice > 0 then
        local hits = game.roll({ key = "sa_es.crosses_mine_roll", p = L.pn(p), border = border_name(m.a, m.b) }, dice, 8)
        L.assign_hits(p, victims, hits, "space mine", { source = m.owner })
        if hits > 0 then L.sa_remove_mine(m.owner, m.a, m.b) end
      end
    end
  end
end

-- Shock troops: every successful invasion promotes one attacking ground force.
local base_gc = game.procedure_fn("ground_combat")
procedure("ground_combat", function(ctx)
  local r = base_gc(ctx)
  ctx.sa_defenders = math.max(ctx.sa_defenders or 0, 1)
  return r
end)

-- Shattered Ascension v4.5 (seed 000, Appendix I "LEADERS", movement): for
-- movement, leaders count as ground forces that take no capacity, so the
-- technologies and cards that move ground forces move leaders too (the
-- rulebook names Transit Diodes and Shuttle Logistics).
--
-- Both scripts are ti3's, wrapped: while they run for their holder, his
-- leader units (his own, and the captives he holds, which move only with
-- him) move as ground forces (ti3's hook L.moves_as_ground), so they are among
-- the units the script offers and moves. The leader records follow the units
-- afterwards (the leaders' A.sync).
--   * Transit Diodes: the handler's `usable` and `component` are wrapped when
--     the game is set up (the data is not loaded yet when rules files run).
--     A leader is one of the "up to four" the card moves. UNCERTAIN: the
--     seed does not say whether a leader uses up one of the four; taking no
--     capacity is about transport. Which units go follows the script's own
--     order (it asks only how many).
--   * Shuttle Logistics: its window handler (before:status_phase) is
--     replaced by a wrapper when the game is set up.
-- Other cards that move ground forces can use AU.with_leaders_as_ground the
-- same way.
local L = game.lib
local AU = L.sa_more or {}
L.sa_more = AU

local function is_leader_kind(d) return d and d.class == "leader" end

-- The players whose leader units move as ground forces while a wrapped
-- script runs (ti3's L.moves_as_ground).
local as_ground = nil

-- Runs fn(...) with the players' leader units moving as ground forces.
function AU.with_leaders_as_ground(players, fn, ...)
  local who = {}
  for _, p in ipairs(players) do who[p] = true end
  local prev = as_ground
  as_ground = who
  return L.guarded(function() as_ground = prev end, fn, ...)
end

local base_moves_as_ground = L.moves_as_ground
function L.moves_as_ground(p, u)
  if as_ground and as_ground[p] and is_leader_kind(L.def(p, u.kind)) then return true end
  return base_moves_as_ground(p, u)
end

local function sync_leaders()
  if L.opta and L.opta.sync then L.opta.sync() end
end

-- Transit Diodes.
local function wrap_transit_diodes()
  local d = game.data.techs and game.data.techs.transit_diodes
  local h = d and d.handler
  if type(h) ~= "table" or h.sa_leaders_wrapped then return end
  h.sa_leaders_wrapped = true
  local base_usable, base_component = h.usable, h.component
  if base_usable then
    h.usable = function(p, ...) return AU.with_leaders_as_ground({ p }, base_usable, p, ...) end
  end
  if base_component then
    h.component = function(p, ...)
      local r = table.pack(AU.with_leaders_as_ground({ p }, base_component, p, ...))
      sync_leaders()
      return table.unpack(r, 1, r.n)
    end
  end
end

-- Shuttle Logistics (and any other racial technology listed in
-- AU.GROUND_MOVERS_STATUS): its status-phase handler is wrapped the same way,
-- by replacing the data entry's handler (the kernel then runs the new one).
AU.GROUND_MOVERS_STATUS = { "shuttle_logistics" }

local function wrap_status_movers()
  for _, id in ipairs(AU.GROUND_MOVERS_STATUS) do
    local d = game.data.racial_techs and game.data.racial_techs[id]
    local base = d and d.handler
    if type(base) == "function" then
      d.handler = function(ctx, p, def)
        local r = table.pack(AU.with_leaders_as_ground({ p }, base, ctx, p, def))
        sync_leaders()
        return table.unpack(r, 1, r.n)
      end
    end
  end
end

game.when_loaded(function()
  wrap_transit_diodes()
  wrap_status_movers()
end)

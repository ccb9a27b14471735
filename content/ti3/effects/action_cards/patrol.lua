-- Patrol (as an action): up to two of the player's cruisers and/or
-- destroyers in one system holding its command counter (an activated
-- system; both ships leave the same one) move each into an adjacent empty
-- system (no units and no planets, as for the Warfare
-- secondary); a command counter from reinforcements goes into each system
-- entered (none if one is there already). Each move needs a counter in
-- reinforcements unless the system already holds one.
local L = game.lib
local function empty(s) return game.count_units { system = s } == 0 and #game.planets_of(s) == 0 end
local function moves(p, dest, moved, from)
  local out = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    local t = L.def(p, u.kind).type
    if u.carried == nil and not moved[u.id] and (t == "cruiser" or t == "destroyer") and game.has_token(u.system, "command", p)
      and (from == nil or u.system == from) then
      for _, s in ipairs(game.adjacent(u.system, "move")) do
        if dest[s] and (game.has_token(s, "command", p) or L.reinforcements(p) > 0) then
          out[#out + 1] = u.kind .. "#" .. u.id .. " -> " .. (game.system(s).hex or tostring(s))
        end
      end
    end
  end
  return out
end
-- Anomalies a ship may not enter (a supernova; an asteroid field without
-- the technology) are no destination, nor a system the movement rules let no
-- ship stop in (an asteroid field: Antimass Deflectors only lets ships pass).
local function enterable(p, s)
  for _, b in ipairs(L.move_rules(p, s).blocked) do if b == s then return false end end
  local rule = L.anomaly_rule and L.anomaly_rule(s)
  if not rule then return true end
  if rule.enter == "never" then return false end
  if rule.enter == "with_tech" and not game.holds(p, "techs", rule.tech) then return false end
  return true
end
local function dests(p)
  local set = {}
  for s = 1, game.num_systems() do if empty(s) and enterable(p, s) then set[s] = true end end
  return set
end
-- The same destinations for the `usable` check (asked whenever p's
-- component actions are listed): each system is looked at on demand, once,
-- and only the systems next to a ship that could patrol are (each look asks
-- L.move_rules, a look at the whole board). The check changes nothing, so
-- the answer is that of dests(p).
local function dests_on_demand(p)
  return setmetatable({}, { __index = function(t, s)
    local v = empty(s) and enterable(p, s)
    rawset(t, s, v)
    return v
  end })
end
return {
  usable = function(p) return #moves(p, dests_on_demand(p), {}) > 0 end,
  component = function(p)
    -- Empty when the card is played: the second ship may follow the first.
    local dest, moved, from = dests(p), {}, nil
    for i = 1, 2 do
      local opts = moves(p, dest, moved, from)
      if #opts == 0 then break end
      if i > 1 then table.insert(opts, 1, "done") end
      local pick = game.choose(p, { key = "ti3.patrol" }, opts)
      if pick == "done" then break end
      local id, hex = pick:match("#(%d+) %-> (.+)$")
      id = tonumber(id)
      for _, u in ipairs(game.units { owner = p, space = true }) do
        if u.id == id then from = u.system end
      end
      local s = tonumber(hex) or game.system_at(hex)
      game.move_unit(id, { system = s })
      moved[id] = true
      if not game.has_token(s, "command", p) then game.place_token(s, "command", p) end
      game.log({ key = "ti3.patrols_into", p = L.pn(p), system = L.sysname(s) })
      L.enforce_limits(p, s)
    end
  end,
}

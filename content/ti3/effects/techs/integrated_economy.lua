-- Integrated Economy: units the player produces may be placed in an adjacent
-- system he has activated (one of his command counters is there) that is
-- empty or holds only his units; ground forces and PDS may go to any planet
-- he controls in those systems. Done right after the production step: each
-- new unit stays or goes to one of those places; limits are then checked
-- where units went. Only productions run as a step (tactical and transfer
-- actions) are covered: strategy cards that produce call the procedure
-- without windows.
local L = game.lib
local KEY = "ie_before"

local function ids_in(p, s)
  local set = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do set[u.id] = true end
  return set
end

local function friendly_or_empty(p, t)
  for _, u in ipairs(game.units { system = t }) do
    if u.owner ~= p then return false end
  end
  for _, pl in ipairs(game.planets_of(t)) do
    local o = game.planet_owner(pl)
    if o and o ~= p then return false end
  end
  return true
end

return {
  when = function(ctx, p) return ctx.player == p and ctx.system ~= nil end,
  ["before:production"] = function(ctx, p)
    game.put("player", p, KEY, ids_in(p, ctx.system))
  end,
  ["after:production"] = function(ctx, p, def)
    local before = game.get("player", p, KEY) or {}
    game.put("player", p, KEY, nil)
    local s = ctx.system
    local systems = {}
    for _, t in ipairs(game.adjacent(s, "move")) do
      if game.has_token(t, "command", p) and friendly_or_empty(p, t) then systems[#systems + 1] = t end
    end
    if #systems == 0 then return end
    local name = L.name("techs", def.id)
    local touched = {}
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if not before[u.id] then
        local d = L.def(p, u.kind)
        local opts = { "stay" }
        if d.class == "ship" then
          for _, t in ipairs(systems) do opts[#opts + 1] = game.system(t).hex end
        elseif d.class == "ground" or (d.type or u.kind) == "pds" then
          for _, t in ipairs(systems) do
            for _, pl in ipairs(game.planets_of(t)) do
              if game.planet_owner(pl) == p then opts[#opts + 1] = pl end
            end
          end
        end
        if #opts > 1 then
          local pick = game.choose(p, name .. ": place " .. u.kind .. "#" .. u.id, opts)
          if pick ~= "stay" then
            local t
            if d.class == "ship" then
              t = game.system_at(pick)
              game.move_unit(u.id, { system = t })
            else
              t = game.planet_system(pick)
              game.move_unit(u.id, { planet = pick })
            end
            touched[t] = true
            game.log(L.pn(p) .. " places " .. u.kind .. "#" .. u.id .. (d.class == "ship" and (" in " .. L.sysname(t)) or (" on " .. L.name("planets", pick))) .. " (" .. name .. ")")
          end
        end
      end
    end
    for _, t in ipairs(game.keys(touched)) do L.enforce_limits(p, t) end
    L.enforce_limits(p, s)
  end,
}

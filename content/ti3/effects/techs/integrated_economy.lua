-- Integrated Economy: units the player produces may be placed in an adjacent
-- system he has activated (one of his command counters is there) that is
-- empty or holds only his units (tactical3.lua's L.ie_destinations); ground
-- forces and PDS may go to any planet he controls in those systems (a PDS
-- only where a planet has room for one). Done right after the production
-- step, for every production run as a step (tactical and transfer actions,
-- the Imperial and Production strategy cards): each new unit stays or goes
-- to one of those places; limits are then checked where units went and in
-- the producing system. The production step lets ships be built beyond the
-- producing system's fleet supply while those systems have room.
-- (UNCERTAIN: "within this range" is read as the adjacent systems only; the
-- producing system's other planets are not offered to ground forces.)
local L = game.lib
local KEY = "ie_before" -- props are JSON: unit ids are kept as string keys

local function ids_in(p, s)
  local set = {}
  for _, u in ipairs(game.units { system = s, owner = p }) do set[tostring(u.id)] = true end
  return set
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
    -- The new units: those the step reports, else those not there before.
    local new
    if ctx.new_units then
      new = {}
      for _, id in ipairs(ctx.new_units) do new[tostring(id)] = true end
    end
    local systems = L.ie_destinations(p, s)
    if #systems == 0 then return end
    local name = L.name("techs", def.id)
    local pds_max = L.def(p, "pds").max_per_planet or 2
    local touched = {}
    for _, u in ipairs(game.units { system = s, owner = p }) do
      local is_new
      if new then is_new = new[tostring(u.id)] else is_new = not before[tostring(u.id)] end
      if is_new then
        local d = L.def(p, u.kind)
        local is_pds = (d.type or u.kind) == "pds"
        local opts = { "stay" }
        if d.class == "ship" then
          for _, t in ipairs(systems) do opts[#opts + 1] = game.system(t).hex end
        elseif d.class == "ground" or is_pds then
          for _, t in ipairs(systems) do
            for _, pl in ipairs(game.planets_of(t)) do
              if game.planet_owner(pl) == p and not (is_pds and game.count_units { planet = pl, kind = "pds" } >= pds_max) then
                opts[#opts + 1] = pl
              end
            end
          end
        end
        if #opts > 1 then
          local pick = game.choose(p, { key = "ti3.place_unit", name = name, unit = u.kind .. "#" .. u.id, id = u.id }, opts)
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
            if d.class == "ship" then
              game.log({ key = "ti3.places_unit_in", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(t), name = name })
            else
              game.log({ key = "ti3.places_unit_on", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pick), name = name })
            end
          end
        end
      end
    end
    for _, t in ipairs(game.keys(touched)) do L.enforce_limits(p, t) end
    L.enforce_limits(p, s)
  end,
}

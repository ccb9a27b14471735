-- Spatial Conduit Network (Jol-Nar): once per turn, when moving, ships may go
-- from one system the player controls to another he controls as if the two
-- were adjacent; ships that do must end their move in a system he controls.
-- "A system he controls": one holding a planet he controls (our reading).
-- Before the movement step of a tactical action into a system he controls,
-- the player picks the pair of systems (only pairs that let another ship
-- reach the activated system are offered); races.lua's L.movers then counts
-- that link as one step for every ship. The pair is forgotten when movement
-- ends; the turn's use is forgotten when the next turn starts.
local L = game.lib
local KEY, USED = "conduit", "conduit_used"

local function controlled(p)
  local set = {}
  for _, pl in ipairs(game.planets_owned(p)) do set[game.planet_system(pl)] = true end
  return game.keys(set)
end

local controls = L.controls_planet_in

return {
  turn_start = function(ctx, p) game.put("player", p, USED, nil) end,
  ["before:movement"] = function(ctx, p, def)
    local target = ctx.system
    if ctx.player ~= p or not target or not controls(p, target) or game.get("player", p, USED) then return end
    local rules = L.move_rules(p, target)
    local already = {}
    for _, m in ipairs(L.movers(p, target, rules)) do already[m.unit.id] = true end
    local sys = controlled(p)
    local useful, order = {}, {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      local d = L.def(p, u.kind)
      if u.carried == nil and not already[u.id] and u.system ~= target and d.class == "ship" and (d.move or 0) > 0
        and not game.has_token(u.system, "command", p) then
        local mv = L.move_value(p, u, u.system)
        for _, a in ipairs(sys) do
          local ca = game.move_cost(u.system, a, rules)
          if ca and ca + 1 <= mv then
            for _, b in ipairs(sys) do
              if b ~= a then
                local cb = (b == target) and 0 or game.move_cost(b, target, rules)
                if cb and ca + 1 + cb <= mv then
                  local key = game.system(a).hex .. "=>" .. game.system(b).hex
                  if not useful[key] then useful[key] = true; order[#order + 1] = key end
                end
              end
            end
          end
        end
      end
    end
    if #order == 0 then return end
    table.sort(order)
    table.insert(order, 1, "none")
    local pick = game.choose(p, { key = "ti3.link_two_your_systems", tech = L.name("racial_techs", def.id) }, order)
    if pick == "none" then return end
    local a, b = pick:match("^(.-)=>(.-)$")
    game.put("player", p, KEY, { a = game.system_at(a), b = game.system_at(b) })
    game.put("player", p, USED, true)
    game.log({ key = "ti3.links", p = L.pn(p), system = L.sysname(game.system_at(a)), system2 = L.sysname(game.system_at(b)), tech = L.name("racial_techs", def.id) })
  end,
  ["after:movement"] = function(ctx, p) game.put("player", p, KEY, nil) end,
}

-- Saar, Chaos Mapping: when the holder's turn starts in the action phase,
-- they may produce 1 unit in a system holding one of their units with
-- PRODUCTION (paying its cost; a fighter or infantry comes alone for the
-- full cost, LRR 68.1b; ships not where the system is blockaded, nor beyond
-- the fleet pool).
-- (Other players not activating asteroid fields with the holder's ships is
-- in rules/faction_rules_b.lua.)
local L = game.lib

local function producing_systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and not seen[u.system] and L.production(p, u.system) > 0 then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end

local function choices(p, s)
  local out = {}
  -- Ground forces go on a planet with a producing unit, or to the space
  -- area when the producing unit is there (a floating factory, LRR 68.4).
  local ground_site = nil
  for _, u in ipairs(game.units { system = s, owner = p }) do
    if L.def(p, u.kind).production and not (ground_site and ground_site.planet) then
      ground_site = u.planet and { planet = u.planet } or { system = s }
    end
  end
  local budget = L.spendable(p, "resources") + L.flag(p, "production_discount")
  for _, t in ipairs(L.unit_types()) do
    local d = L.has_unit(p, t) and L.def(p, t)
    local ok = d and d.cost and d.cost <= budget and (d.class == "ship" or d.class == "ground")
    if ok and d.requires_tech and not game.holds(p, "techs", d.requires_tech) then ok = false end
    if ok and d.class == "ship" and L.blockaded(p, s) then ok = false end
    if ok and d.class == "ground" and not ground_site then ok = false end
    if ok and d.limit and d.type ~= "fighter" and d.type ~= "infantry" and game.count_units { owner = p, kind = t } >= d.limit then ok = false end
    if ok and d.fleet and L.count_fleet(p, s) + 1 > L.fleet_limit(p) then ok = false end
    if ok then out[#out + 1] = t end
  end
  return out, ground_site
end

return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p, def)
    local card = L.name("techs", def.id)
    local opts = { "none" }
    for _, s in ipairs(producing_systems(p)) do
      if #choices(p, s) > 0 then opts[#opts + 1] = game.system(s).hex or tostring(s) end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.chaos_mapping_system", card = card }, opts)
    if pick == "none" then return end
    local s = tonumber(pick) or game.system_at(pick)
    local kinds, site = choices(p, s)
    kinds[#kinds + 1] = "none"
    local t = game.choose(p, { key = "ti4.chaos_mapping_unit", card = card }, kinds)
    if t == "none" then return end
    local d = L.def(p, t)
    L.pay(p, math.max(0, d.cost - L.flag(p, "production_discount")), "resources")
    game.spawn(t, p, d.class == "ground" and site or { system = s })
    game.log({ key = "produces", p = L.pn(p), n = 1, unit = t, system = L.sysname(s) })
    L.enforce_limits(p, s)
  end,
}

-- Production (seed 001, "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/production.lua) with 001's change: the secondary can
-- be used at one single space dock. The player picks a dock; the production
-- in its system counts that dock's capacity only (the other space docks of
-- the system are left out, player prop sa_es_one_dock read by
-- rules/es_cards_a.lua's L.production), and SE's limit of three units still
-- applies (001 keeps a unit limit for this secondary: its dreadnoughts count
-- 2 toward it).
local L = game.lib

local function is_dock(p, u)
  local d = L.def(p, u.kind)
  return d.production and (d.type or u.kind) == "space_dock"
end

local function dock_systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and not seen[u.system] and is_dock(p, u) then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end

-- "hex" or "hex/planet" for each dock, with the dock's unit id.
local function docks(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system and is_dock(p, u) then
      local label = game.system(u.system).hex .. (u.planet and ("/" .. u.planet) or "")
      out[#out + 1] = { label = label, id = u.id, system = u.system }
    end
  end
  table.sort(out, function(a, b) return a.label < b.label end)
  return out
end

local function primary(p)
  local opts = { "none" }
  for _, s in ipairs(dock_systems(p)) do opts[#opts + 1] = game.system(s).hex end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.produce_in" }
, opts)
  if pick == "none" then return end
  game.put("player", p, "extra_production_resources", 2)
  game.step("production", { player = p, system = game.system_at(pick) })
  game.put("player", p, "extra_production_resources", nil)
end

local function secondary(q)
  local list = docks(q)
  local opts = { "none" }
  for _, d in ipairs(list) do opts[#opts + 1] = d.label end
  if #opts == 1 then return end
  local pick = game.choose(q, { key = "sa_es.produce_at_one_dock" }, opts)
  if pick == "none" then return end
  local dock
  for _, d in ipairs(list) do if d.label == pick then dock = d end end
  game.put("player", q, "production_limit", 3)
  game.put("player", q, "sa_es_one_dock", dock.id)
  local ok, err = pcall(game.step, "production", { player = q, system = dock.system })
  game.put("player", q, "production_limit", nil)
  game.put("player", q, "sa_es_one_dock", nil)
  if not ok then error(err, 0) end
end

return {
  primary = primary,
  secondary = secondary,
  can_secondary = function(q) return #dock_systems(q) > 0 end,
}

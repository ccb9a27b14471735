-- Production (Shattered Empire). Primary: produce at once in one of your
-- systems with a space dock, with 2 resources more to spend, even in an
-- activated system, without activating it. Secondary: the same without the
-- extra resources, and at most 3 units (our reading: the usual production
-- capacity still applies too, so the limit is the smaller of the two).
-- The extra resources and the limit are player props read by races.lua
-- (L.flag "production_discount", L.production) during that one production,
-- which runs as a step (its before:/after: windows apply: Integrated
-- Economy, Yin Spinner).
local L = game.lib

local function dock_systems(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p }) do
    local d = L.def(p, u.kind)
    if u.system and not seen[u.system] and d.production and (d.type or u.kind) == "space_dock" then
      seen[u.system] = true
      out[#out + 1] = u.system
    end
  end
  table.sort(out)
  return out
end

local function produce(p, prop, value)
  local opts = { "none" }
  for _, s in ipairs(dock_systems(p)) do opts[#opts + 1] = game.system(s).hex end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.produce_in" }, opts)
  if pick == "none" then return end
  game.put("player", p, prop, value)
  game.step("production", { player = p, system = game.system_at(pick) })
  game.put("player", p, prop, nil)
end

return {
  primary = function(p) produce(p, "extra_production_resources", 2) end,
  secondary = function(q) produce(q, "production_limit", 3) end,
  can_secondary = function(q) return #dock_systems(q) > 0 end,
}

-- Nekro: once per battle, if the player destroyed at least one enemy unit in
-- a space battle or an invasion combat (PDS fire does not count), he may take
-- for free a copy of one technology that enemy owns, ignoring prerequisites.
-- Kills are noted between the start and the end of the combat step; the copy
-- is offered when the step ends. Generic technologies only.
local L = game.lib
local KEY = "singularity"

local function not_pds(label)
  return label ~= "space cannon" and label ~= "space cannon defense"
end

local function offer(p, def)
  local t = game.get("player", p, KEY)
  game.put("player", p, KEY, nil)
  if not t or #t == 0 then return end
  local seen, opts = {}, { "none" }
  for _, q in ipairs(t) do
    if not seen[q] then
      seen[q] = true
      for _, id in ipairs(game.holdings(q, "techs")) do
        if game.data.techs[id] and not game.holds(p, "techs", id) and not seen[id] then
          seen[id] = true
          opts[#opts + 1] = id
        end
      end
    end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, L.name("race_abilities", def.id) .. ": copy a technology", opts)
  if pick == "none" then return end
  game.grant(p, "techs", pick)
  L.reset_cache()
  game.log(L.pn(p) .. " copies " .. L.name("techs", pick) .. " (" .. L.name("race_abilities", def.id) .. ")")
  game.window("tech_gained", { player = p, tech = pick })
end

return {
  ["before:space_combat"] = function(ctx, p) game.put("player", p, KEY, {}) end,
  ["before:ground_combat"] = function(ctx, p) game.put("player", p, KEY, {}) end,
  unit_destroyed = function(ctx, p)
    local t = game.get("player", p, KEY)
    if t and ctx.source == p and ctx.player ~= p and not_pds(ctx.label) then
      t[#t + 1] = ctx.player
      game.put("player", p, KEY, t)
    end
  end,
  ["after:space_combat"] = function(ctx, p, def) offer(p, def) end,
  ["after:ground_combat"] = function(ctx, p, def) offer(p, def) end,
}

-- Nekro: once per battle, after killing one or more enemy units in a space
-- battle or an invasion combat (PDS shots excepted), the player may copy, free
-- and without prerequisites, a technology that enemy owns.
-- Kills are noted between the start and the end of the combat step; the copy
-- is offered when the step ends. The enemy's racial technologies are offered
-- too ("racial:<id>") while the player has a free Valefar Assimilator
-- (racial_techs.yaml): not those that change a racial ability
-- (`modifies_ability`), not the Valefar cards, not unimplemented ones. The
-- copy takes the first free Valefar card (player prop "valefar:<card>" =
-- the copied id) and grants the copied card itself, so its effect applies.
local L = game.lib
local KEY = "singularity"

-- The player's Valefar Assimilator that records no copy yet, or nil.
local function free_valefar(p)
  local race = L.faction(p)
  for _, id in ipairs(race and race.racial_techs or {}) do
    local d = game.data.racial_techs[id]
    if d and d.not_bought and not game.get("player", p, "valefar:" .. id) then return id end
  end
  return nil
end

local function copyable(p, id)
  local d = game.data.racial_techs[id]
  return d and not d.modifies_ability and not d.not_bought and d.status ~= "not_implemented"
    and not game.holds(p, "racial_techs", id)
end

local function not_pds(label)
  return label ~= "space cannon" and label ~= "space cannon defense"
end

local function offer(p, def)
  local t = game.get("player", p, KEY)
  game.put("player", p, KEY, nil)
  if not t or #t == 0 then return end
  local seen, opts = {}, { "none" }
  local valefar = free_valefar(p)
  for _, q in ipairs(t) do
    if not seen[q] then
      seen[q] = true
      for _, id in ipairs(game.holdings(q, "techs")) do
        if game.data.techs[id] and not game.holds(p, "techs", id) and not seen[id] then
          seen[id] = true
          opts[#opts + 1] = id
        end
      end
      if valefar then
        for _, id in ipairs(game.holdings(q, "racial_techs")) do
          if copyable(p, id) and not seen["racial:" .. id] then
            seen["racial:" .. id] = true
            opts[#opts + 1] = "racial:" .. id
          end
        end
      end
    end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.copy_technology", ability = L.name("race_abilities", def.id) }, opts)
  if pick == "none" then return end
  local racial = pick:match("^racial:(.+)$")
  if racial then
    if not game.holds(p, "racial_techs", valefar) then game.grant(p, "racial_techs", valefar) end
    game.put("player", p, "valefar:" .. valefar, racial)
    game.grant(p, "racial_techs", racial)
    L.reset_cache()
    game.log({ key = "ti3.copies_tech_onto", p = L.pn(p), tech = L.name("racial_techs", racial), tech2 = L.name("racial_techs", valefar), ability = L.name("race_abilities", def.id) })
    return
  end
  game.grant(p, "techs", pick)
  L.reset_cache()
  game.log({ key = "ti3.copies_tech", p = L.pn(p), tech = L.name("techs", pick), ability = L.name("race_abilities", def.id) })
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

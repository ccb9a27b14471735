-- Armistice (as an action): the player names another player and one of its
-- own planets; that player may not invade that planet for the rest of the
-- round. The played card grants itself to "game"; its game copy keeps the
-- named player from bombarding the planet (bombardment is part of an
-- invasion in TI3: ctx.forbid of the bombardment step) and from landing
-- there: ground forces committed to it are taken back into the space area
-- at once, and may be committed to the other planets of the system instead
-- (so every landing the rules allow stays possible). The truce is the game
-- prop `armistice`: a list of {planet, against, round}.
local L = game.lib
local KEY = "armistice"
local function round() return game.get("game", nil, "round") or 0 end
local function truces(q, s)
  local out = {}
  for _, t in ipairs(game.get("game", nil, KEY) or {}) do
    if t.round == round() and t.against == q and game.planet_system(t.planet) == s then out[t.planet] = true end
  end
  return out
end
local function opponents(p)
  local out = {}
  for q = 1, game.num_players() do if q ~= p then out[#out + 1] = L.pn(q) end end
  return out
end
return {
  usable = function(p) return #game.planets_owned(p) > 0 and #opponents(p) > 0 end,
  component = function(p, def)
    local q = tonumber(game.choose(p, { key = "ti3.player_who_may_not" }, opponents(p)):sub(2))
    local mine = game.planets_owned(p)
    table.sort(mine)
    local pl = game.choose(p, { key = "ti3.planet_protected_by_armistice" }, mine)
    local list = {}
    for _, t in ipairs(game.get("game", nil, KEY) or {}) do
      if t.round == round() then list[#list + 1] = t end
    end
    list[#list + 1] = { planet = pl, against = q, round = round() }
    game.put("game", nil, KEY, list)
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.may_not_invade_this", p = L.pn(q), planet = L.name("planets", pl) })
  end,
  when = function(ctx, p)
    return p == nil and ctx.player ~= nil and ctx.system ~= nil and next(truces(ctx.player, ctx.system)) ~= nil
  end,
  ["before:bombardment"] = function(ctx)
    ctx.forbid = ctx.forbid or {}
    for pl in pairs(truces(ctx.player, ctx.system)) do ctx.forbid[pl] = true end
  end,
  ["after:commit_ground_forces"] = function(ctx)
    local q, s = ctx.player, ctx.system
    local protected = truces(q, s)
    local back = {}
    for i = #(ctx.targets or {}), 1, -1 do
      local pl = ctx.targets[i]
      if protected[pl] then
        table.remove(ctx.targets, i)
        for _, u in ipairs(L.ground(q, pl)) do
          game.move_unit(u.id, { system = s })
          back[#back + 1] = u
        end
        game.log({ key = "ti3.may_not_invade_armistice", p = L.pn(q), planet = L.name("planets", pl) })
      end
    end
    if #back == 0 then return end
    for _, pl in ipairs(game.planets_of(s)) do
      if not protected[pl] and #back > 0 then
        local opts = { "0" }
        for i = 1, #back do opts[#opts + 1] = tostring(i) end
        local n = tonumber(game.choose(q, { key = "ti3.commit_ground_forces", planet = L.name("planets", pl) }, opts))
        if n > 0 then
          for _ = 1, n do game.move_unit(table.remove(back, 1).id, { planet = pl }) end
          game.log({ key = n > 1 and "ti3.commits_ground_forces_many" or "ti3.commits_ground_forces_one", p = L.pn(q), n = n, planet = L.name("planets", pl) })
          local listed = false
          for _, x in ipairs(ctx.targets) do if x == pl then listed = true end end
          if game.planet_owner(pl) ~= q and not listed then table.insert(ctx.targets, pl) end
        end
      end
    end
  end,
}

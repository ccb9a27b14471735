-- Salvage Operations: after each space battle the player took part in, gain
-- 2 trade goods; if he won, he may build, paying its cost, one ship in that
-- system of a type he destroyed in the battle (a fighter included; fleet
-- supply and unit limits hold).
local L = game.lib
local KEY = "salvage"

local function sides(ctx)
  local a = ctx.player
  return a, ctx.defender or L.enemies_in(a, ctx.system)[1]
end

return {
  ["before:space_combat"] = function(ctx, p)
    local a, d = sides(ctx)
    if d and (p == a or p == d) then game.put("player", p, KEY, { kinds = {} }) end
  end,
  unit_destroyed = function(ctx, p)
    local t = game.get("player", p, KEY)
    if t and ctx.source == p and ctx.player ~= p then
      local d = L.def(ctx.player, ctx.kind)
      if d.class == "ship" then
        t.kinds[d.type or ctx.kind] = true
        game.put("player", p, KEY, t)
      end
    end
  end,
  ["after:space_combat"] = function(ctx, p, def)
    local t = game.get("player", p, KEY)
    if not t then return end
    game.put("player", p, KEY, nil)
    local name = L.name("racial_techs", def.id)
    L.gain_tg(p, 2, name)
    if ctx.winner ~= p then return end
    local s = ctx.system
    local opts = { "none" }
    for _, ty in ipairs(game.keys(t.kinds)) do
      local d = L.has_unit(p, ty) and L.def(p, ty)
      local ok = d and d.cost and L.spendable(p, "resources") >= d.cost
      if ok and d.requires_tech and not game.holds(p, "techs", d.requires_tech) then ok = false end
      if ok and d.limit and d.type ~= "fighter" and game.count_units { owner = p, kind = ty } >= d.limit then ok = false end
      if ok and d.fleet and L.count_fleet(p, s) + 1 > L.fleet_limit(p) then ok = false end
      if ok then opts[#opts + 1] = ty end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti3.build_ship", name = name }, opts)
    if pick == "none" then return end
    L.pay(p, L.def(p, pick).cost, "resources")
    game.spawn(pick, p, { system = s })
    game.log({ key = "ti3.builds_ship", p = L.pn(p), unit = pick, system = L.sysname(s), name = name })
    L.enforce_limits(p, s)
  end,
}

-- Mentak, Salvage Operations: after a space combat the holder took part in,
-- they gain 1 trade good; if they won, they may also produce 1 ship there of
-- a type destroyed in that combat (either side's), paying its cost (one
-- fighter for the full cost). The types destroyed are noted per system
-- while the combat runs (player prop `salvage:<system>`).
local L = game.lib

local function key(s) return "salvage:" .. s end

return {
  when = function(ctx, p)
    if ctx.window == "unit_destroyed" then return ctx.system ~= nil and game.get("player", p, key(ctx.system)) ~= nil end
    return (ctx.player == p or ctx.defender == p) and ctx.system ~= nil
  end,
  ["before:space_combat"] = function(ctx, p) game.put("player", p, key(ctx.system), "") end,
  unit_destroyed = function(ctx, p)
    if L.def(ctx.player, ctx.kind).class ~= "ship" then return end
    local k = key(ctx.system)
    game.put("player", p, k, game.get("player", p, k) .. "," .. ctx.kind)
  end,
  ["after:space_combat"] = function(ctx, p, def)
    local s = ctx.system
    local card = L.name("techs", def.id)
    local seen = {}
    for t in string.gmatch(game.get("player", p, key(s)) or "", "[%w_]+") do seen[t] = true end
    game.put("player", p, key(s), nil)
    L.gain_tg(p, 1, card)
    if ctx.winner ~= p or L.blockaded(p, s) then return end
    local opts = { "none" }
    for _, t in ipairs(game.keys(seen)) do
      local d = L.has_unit(p, t) and L.def(p, t)
      if d and d.cost and d.cost <= L.spendable(p, "resources")
        and not (d.requires_tech and not game.holds(p, "techs", d.requires_tech))
        and not (d.limit and d.type ~= "fighter" and game.count_units { owner = p, kind = t } >= d.limit) then
        opts[#opts + 1] = t
      end
    end
    if #opts == 1 then return end
    local t = game.choose(p, { key = "ti4.salvage_produce", card = card }, opts)
    if t == "none" then return end
    L.pay(p, L.def(p, t).cost, "resources")
    game.spawn(t, p, { system = s })
    game.log({ key = "produces", p = L.pn(p), n = 1, unit = t, system = L.sysname(s) })
    L.enforce_limits(p, s)
  end,
}

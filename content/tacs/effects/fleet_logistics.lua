-- Fleet Logistics in TACS: once a round, as one of his turns starts, the
-- owner may pay a strategy-allocation command counter to lift one of his
-- command counters from the board (back to reinforcements).
local L = game.lib
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if game.has_token(s, "command", p) then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  when = function(ctx, p)
    return ctx.player == p and game.counter(p, "strategy") > 0
      and game.get("player", p, "tacs_fleet_logistics_round") ~= game.get("game", nil, "round")
      and #systems(p) > 0
  end,
  run = function(ctx, p, def)
    local opts = systems(p)
    table.insert(opts, 1, "none")
    local pick = game.choose(p, { key = "tacs.fleet_logistics", tech = L.name("techs", def.id) }, opts)
    if pick == "none" then return end
    local s = tonumber(pick) or game.system_at(pick)
    game.add(p, "strategy", -1)
    game.remove_token(s, "command", p)
    game.put("player", p, "tacs_fleet_logistics_round", game.get("game", nil, "round"))
    game.log({ key = "tacs.fleet_logistics_used", p = L.pn(p), system = L.sysname(s) })
  end,
}

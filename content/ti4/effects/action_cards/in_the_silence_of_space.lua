-- In the Silence of Space: after activating a system, the player names a
-- system; their ships from there move through other players' ships during
-- this tactical action ("silence:pN", rules/cards_rules.lua).
local L = game.lib
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if #L.ships(p, s) > 0 then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  when = function(ctx, p) return ctx.player == p and #systems(p) > 0 end,
  run = function(ctx, p)
    local pick = game.choose(p, { key = "ti4.silence_system" }, systems(p))
    local s = tonumber(pick) or game.system_at(pick)
    game.put("game", nil, "silence:" .. p, s)
    game.log({ key = "ti4.silence", p = L.pn(p), system = L.sysname(s) })
  end,
}

-- Ghost Ship (as an action): a destroyer from reinforcements, free, in any
-- system with a wormhole and no other player's ships.
local L = game.lib
local function targets(p)
  local lim = L.def(p, "destroyer").limit
  if lim and game.count_units { owner = p, kind = "destroyer" } >= lim then return {} end
  local out = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)]
    if d and #(d.wormholes or {}) > 0 and #L.other_ships(p, s) == 0 then
      out[#out + 1] = game.system(s).hex or tostring(s)
    end
  end
  return out
end
return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p)
    local pick = game.choose(p, { key = "ti3.system_destroyer" }, targets(p))
    local s = tonumber(pick) or game.system_at(pick)
    game.spawn("destroyer", p, { system = s })
    game.log({ key = "ti3.places_destroyer", p = L.pn(p), system = L.sysname(s) })
    L.enforce_limits(p, s)
  end,
}

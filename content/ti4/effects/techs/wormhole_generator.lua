-- Creuss, Wormhole Generator: ACTION: exhaust to put one of the three Creuss
-- wormhole tokens (alpha, beta, gamma; off the board or moved from where it
-- is) into a system with a planet the holder controls, or into a non-home
-- system without other players' ships. The token's system is then adjacent
-- to every other system with that wormhole (L.relink_wormhole).
local L = game.lib

local function homes()
  local out = {}
  for q = 1, game.num_players() do
    local h = L.home(q)
    if h then out[h] = true end
  end
  return out
end

local function where(p)
  local home = homes()
  local out = {}
  for s = 1, game.num_systems() do
    local ok = false
    for _, pl in ipairs(game.planets_of(s)) do
      if L.is_ability_planet(p, pl) then ok = true end
    end
    if not ok and game.system(s).hex and not home[s]
      and #L.effect_other_ships(p, s) == 0 then ok = true end
    if ok then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p) return #where(p) > 0 end,
  component = function(p, def)
    local card = L.name("techs", def.id)
    local w = game.choose(p, { key = "ti4.wormhole_token", card = card }, { "alpha", "beta", "gamma" })
    local pick = game.choose(p, { key = "ti4.wormhole_token_to", card = card, wormhole = w }, where(p))
    local s = tonumber(pick) or game.system_at(pick)
    if L.place_wormhole_token(p, s, w) then
      game.log({ key = "ti4.wormhole_placed", p = L.pn(p), wormhole = w, system = L.sysname(s), card = card })
    end
  end,
}

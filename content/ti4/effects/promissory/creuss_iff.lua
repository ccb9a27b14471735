-- Creuss IFF: at the start of the holder's turn, one of the Creuss wormhole
-- tokens (alpha, beta, gamma; from off the board or moved) goes into a
-- system with a planet the holder controls or a non-home system without
-- other players' ships; the galaxy relinks (L.relink_wormhole).
local L = game.lib

local function where(p)
  local home = {}
  for q = 1, game.num_players() do
    local h = L.home(q)
    if h then home[h] = true end
  end
  local out = {}
  for s = 1, game.num_systems() do
    local ok = false
    for _, pl in ipairs(game.planets_of(s)) do
      if L.is_ability_planet(p, pl) then ok = true end
    end
    if not ok and game.system(s).hex and not home[s] and #L.effect_other_ships(p, s) == 0 then ok = true end
    if ok and game.system(s).hex then out[#out + 1] = game.system(s).hex end
  end
  table.sort(out)
  return out
end

return {
  when = function(ctx, p, owner) return ctx.player == p and #where(p) > 0 end,
  run = function(ctx, p, owner, def)
    local name = L.name("promissory_notes", def.id)
    local w = game.choose(p, { key = "ti4.wormhole_token", card = name }, { "alpha", "beta", "gamma" })
    local pick = game.choose(p, { key = "ti4.wormhole_token_to", card = name, wormhole = w }, where(p))
    local s = game.system_at(pick)
    if L.place_wormhole_token(p, s, w) then
      game.log({ key = "ti4.wormhole_placed", p = L.pn(p), wormhole = w, system = L.sysname(s), card = name })
    end
  end,
}

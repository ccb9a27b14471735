-- Imperial II (Shattered Empire's variant of Imperial; option imperial_ii).
-- Primary, one of two: (a) claim any number of public objectives in the
-- coming status phase (player prop imperial_ii_round, read by
-- L.public_claims_allowed) and 1 victory point now if the player controls
-- Mecatol Rex; (b) resolve the card's secondary at no cost, and no other
-- player may resolve it this time. Secondary: Imperial's (produce at once in
-- a system of the player's with a space dock, without activating it).
local L = game.lib
local function imperial_secondary(q)
  local base = game.data.strategy_cards.imperial.handler
  return base.secondary(q)
end
return {
  primary = function(p, d, ctx)
    local pick = game.choose(p, { key = "ti3.imperial_ii_option" }, { "claim", "build" })
    if pick == "claim" then
      game.put("player", p, "imperial_ii_round", game.get("game", nil, "round") or 0)
      game.log({ key = "ti3.imperial_ii_claims", p = L.pn(p) })
      if game.planet_owner("mecatol_rex") == p then L.gain_vp(p, 1, L.name("strategy_cards", "imperial_ii")) end
    else
      imperial_secondary(p)
      ctx = ctx or {}
      ctx.secondary_barred = ctx.secondary_barred or {}
      for q = 1, game.num_players() do
        if q ~= p then ctx.secondary_barred[q] = true end
      end
    end
  end,
  secondary = function(q) return imperial_secondary(q) end,
}

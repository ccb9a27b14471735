-- Redefining War Crimes (law, For/Against).
-- For: a player whose space cannon (PDS) fires at another player's ships
-- (space cannon offense, not the defense of a planet against landing ground
-- forces) must end every trade agreement he has with that player.
-- Against: for the rest of this round PDS may only fire to defend a planet
-- against an invasion: other space cannon fire scores no hits.
-- UNCERTAIN: the card says "this turn"; like the card data we read it as the
-- rest of the game round. The dice are still rolled (the shared step rolls
-- before it opens space_cannon_hits); only the hits are cancelled.
local L = game.lib
local ID = "redefining_war_crimes"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "redefining_war_crimes") end

return {
  resolve = function(outcome, def)
    if outcome == "against" then
      game.put("game", nil, "pending:" .. ID, true)
      game.grant("game", "political_cards", ID)
      game.log({ key = "ti3.pds_may_only_defend", card = NAME() })
    end
  end,
  space_cannon_hits = function(ctx, p, def)
    if p ~= nil or ctx.defense then return end
    if game.get("game", nil, "pending:" .. ID) then
      if (ctx.hits or 0) > 0 then game.log({ key = "ti3.space_cannon_hits_do", card = NAME(), p = L.pn(ctx.shooter) }) end
      ctx.hits = 0
      return
    end
    if game.get("game", nil, "law:" .. ID) ~= "for" then return end
    local a, b = ctx.shooter, ctx.player
    local list = game.get("game", nil, "agreements") or {}
    local keep = {}
    for _, x in ipairs(list) do
      if not ((x.a == a and x.b == b) or (x.a == b and x.b == a)) then keep[#keep + 1] = x end
    end
    if #keep < #list then
      game.put("game", nil, "agreements", keep)
      game.log({ key = "ti3.trade_agreement_broken_2", card = NAME(), p = L.pn(a), q = L.pn(b) })
    end
  end,
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil or not game.get("game", nil, "pending:" .. ID) then return end
    game.put("game", nil, "pending:" .. ID, nil)
    game.revoke("game", "political_cards", ID)
  end,
}

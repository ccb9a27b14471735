-- Enemy of the Throne (law, elect a player). When another player wins a space
-- combat against the elected player, that player gains 2 trade goods, one
-- command counter from his reinforcements (into a pool of his choice, if he
-- has one left) and one action card (the hand limit applies at once); then
-- the law is discarded.
-- UNCERTAIN: the card calls the winner "the attacker"; we reward whoever beats
-- the elected player, also a defender who beats him when he attacks. A space
-- combat is won by the side left with ships, or by the side that stays when
-- the other retreats (ctx.winner of the space_combat step).
local L = game.lib
local ID = "enemy_of_the_throne"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "enemy_of_the_throne") end

local function holder()
  local r = game.get("game", nil, "law:" .. ID)
  return r and tonumber(r:match("^p(%d+)$"))
end

return {
  resolve = function() end,
  ["after:space_combat"] = function(ctx, p, def)
    if p ~= nil then return end
    local e, w = holder(), ctx.winner
    if not e or not w or w == e or (ctx.player ~= e and ctx.defender ~= e) then return end
    game.log({ key = "ti3.defeats", p = L.pn(w), card = NAME(), q = L.pn(e) })
    L.gain_tg(w, 2, NAME())
    if L.reinforcements(w) > 0 then
      local pool = game.choose(w, { key = "ti3.place_command_counter_for", card = NAME() }, L.POOLS)
      game.add(w, pool, 1)
      game.log({ key = "ti3.gains_command_counter", p = L.pn(w), pool = pool })
    end
    L.draw("deck:actions", "discard:actions", "actions:" .. w, 1)
    game.log({ key = "ti3.draws_action_card_for", p = L.pn(w), card = NAME() })
    L.enforce_action_limit(w)
    game.move_card(ID, "laws", "discard:politics")
    game.revoke("game", "political_cards", ID)
    game.put("game", nil, "law:" .. ID, nil)
    game.log({ key = "ti3.law_discarded", card = NAME() })
  end,
}

-- Public Execution (directive, elect a player). The elected player discards
-- every action card in his hand, all his planets are exhausted, and for the
-- rest of this round his units get -1 on their combat rolls (every round of
-- space and ground combat, through combat_round_start). UNCERTAIN: other
-- rolls (anti-fighter barrage, space cannon, bombardment) are not changed;
-- the card says "all combat rolls" and we read those as combat rounds.
local L = game.lib
local ID = "public_execution"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "public_execution") end

return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if not p then return end
    local hand = game.zone("actions:" .. p)
    for _, c in ipairs(hand) do game.move_card(c, "actions:" .. p, "discard:actions") end
    for _, pl in ipairs(game.planets_owned(p)) do game.exhaust(pl, true) end
    game.log({ key = #hand == 1 and "ti3.public_execution_one" or "ti3.public_execution_many", p = L.pn(p), n = #hand })
    game.put("game", nil, "pending:" .. ID, p)
    game.grant("game", "political_cards", ID)
  end,
  combat_round_start = function(rc, p, def)
    if p ~= nil then return end
    local e = game.get("game", nil, "pending:" .. ID)
    if e and rc.mods and rc.mods[e] then rc.mods[e].all = (rc.mods[e].all or 0) - 1 end
  end,
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil or not game.get("game", nil, "pending:" .. ID) then return end
    game.put("game", nil, "pending:" .. ID, nil)
    game.revoke("game", "political_cards", ID)
  end,
}

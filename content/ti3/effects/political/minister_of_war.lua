-- Minister of War (law, elect a player). As any space combat he fights in
-- opens, the elected player may pay one command counter out of his strategy
-- allocation to score one automatic hit on the other side's ships. The other side assigns it at once (a ship may sustain damage
-- as usual), and a ship destroyed by it does not fire back. UNCERTAIN timing:
-- the card says "before the first round"; it is used at combat_round_start
-- of round 1, after anti-fighter barrage and retreat announcements.
local L = game.lib
local ID = "minister_of_war"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "minister_of_war") end

local function holder()
  local r = game.get("game", nil, "law:" .. ID)
  return r and tonumber(r:match("^p(%d+)$"))
end

return {
  resolve = function() end,
  combat_round_start = function(rc, p, def)
    if p ~= nil or rc.ground or rc.round ~= 1 or not rc.system then return end
    local h = holder()
    if not h or (rc.attacker ~= h and rc.defender ~= h) then return end
    local foe = (rc.attacker == h) and rc.defender or rc.attacker
    if game.counter(h, "strategy") <= 0 or #L.ships(foe, rc.system) == 0 then return end
    if not game.confirm(h, { key = "ti3.spend_strategy_counter_automatic", card = NAME() }) then return end
    game.add(h, "strategy", -1)
    game.log({ key = "ti3.spends_strategy_counter_one", p = L.pn(h), q = L.pn(foe), card = NAME() })
    L.assign_hits(foe, L.ships(foe, rc.system), 1, NAME(), { source = h })
  end,
}

-- Emperor (law, elect a player). The elected player takes the card and gains
-- one victory point at once. Whenever he loses the card (the law is discarded
-- by another card: `repeal`), he loses that victory point again.
-- Victory points never go below zero (our reading).
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "emperor") end

local function holder(id)
  local r = game.get("game", nil, "law:" .. id)
  return r and tonumber(r:match("^p(%d+)$"))
end

return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if p then L.gain_vp(p, 1, NAME()) end
  end,
  repeal = function(def)
    local p = holder(def.id)
    if not p then return end
    local v = math.max(0, game.counter(p, "vp") - 1)
    game.set(p, "vp", v)
    game.log({ key = "ti3.loses_1_vp_loses_card", p = L.pn(p), card = NAME(), v = v })
  end,
}

-- Glory of the Empire (law, For/Against).
-- For: while the law is in play, a player who scores a secret objective
-- gains one more victory point (objective_scored).
-- Against: every player who has already scored a secret objective gains a
-- victory point at once (from the speaker clockwise).
local L = game.lib
local function NAME() return L.name("political_cards", "glory_of_the_empire") end
local function scored_secret(p)
  for _, c in ipairs(game.zone("scored:" .. p)) do
    local d = game.data.objectives[c]
    if d and d.kind == "secret" then return true end
  end
  return false
end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if scored_secret(p) then L.gain_vp(p, 1, NAME()) end
    end
  end,
  objective_scored = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    local d = game.data.objectives[ctx.objective]
    if d and d.kind == "secret" then L.gain_vp(ctx.player, 1, NAME()) end
  end,
}

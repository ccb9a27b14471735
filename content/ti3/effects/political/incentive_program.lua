-- Incentive Program (law, elect a public objective).
-- The council elects one of the revealed public objectives: every player
-- who has already scored it gains a victory point at once, and while the
-- law is in play whoever scores it gains one point more (objective_scored).
local L = game.lib
local function NAME() return L.name("political_cards", "incentive_program") end
return {
  outcomes = function(def, opts)
    local out = {}
    for _, c in ipairs(game.zone("public")) do out[#out + 1] = c end
    table.sort(out)
    return out
  end,
  resolve = function(id, def)
    if not game.data.objectives[id] then return end
    game.put("game", nil, "law:" .. def.id, id)
    for _, p in ipairs(L.order_from(L.speaker())) do
      if game.get("player", p, "scored:" .. id) then L.gain_vp(p, 1, NAME()) end
    end
  end,
  objective_scored = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= ctx.objective then return end
    L.gain_vp(ctx.player, 1, NAME())
  end,
}

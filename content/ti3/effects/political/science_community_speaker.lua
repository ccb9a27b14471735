-- Science Community Speaker (law, elect a player).
-- The elected player uses the secondary of the Technology card (and
-- Technology II) without spending a strategy counter (player props
-- free_secondary:<card>, read by L.secondary_free), and every technology
-- costs him one resource less (research_offer). The law's repeal lifts it.
local L = game.lib
local CARDS = { "technology", "technology_ii" }
return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if not p then return end
    for _, c in ipairs(CARDS) do game.put("player", p, "free_secondary:" .. c, true) end
  end,
  repeal = function(def)
    local p = L.law_player(def.id)
    if not p then return end
    for _, c in ipairs(CARDS) do game.put("player", p, "free_secondary:" .. c, nil) end
  end,
  research_offer = function(ctx, p, def)
    if p ~= nil or L.law_player(def.id) ~= ctx.player then return end
    ctx.discount = ctx.discount or {}
    for _, c in ipairs({ "blue", "green", "red", "yellow" }) do ctx.discount[c] = (ctx.discount[c] or 0) + 1 end
  end,
}

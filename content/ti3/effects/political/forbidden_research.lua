-- Forbidden Research (law, elect a player).
-- The next time the Technology card (or Technology II) is played, the
-- elected player may gain no technology during that strategic action (a ban
-- of L.bar_technology lifted when it ends); then the law is discarded.
local L = game.lib
local TECH = { technology = true, technology_ii = true }
local function lift(p)
  local keep = {}
  for _, b in ipairs(game.get("game", nil, "tech_bans") or {}) do
    if not b.forbidden_research then keep[#keep + 1] = b end
  end
  game.put("game", nil, "tech_bans", keep)
end
return {
  resolve = function() end,
  ["before:strategic_action"] = function(ctx, p, def)
    if p ~= nil or not TECH[ctx.card] then return end
    local h = L.law_player(def.id)
    if not h then return end
    L.bar_technology(h, nil)
    local bans = game.get("game", nil, "tech_bans")
    bans[#bans].forbidden_research = true
    game.put("game", nil, "tech_bans", bans)
    game.log({ key = "ti3.may_gain_no_technology", p = L.pn(h), card = L.name("political_cards", def.id) })
  end,
  ["after:strategic_action"] = function(ctx, p, def)
    if p ~= nil or not TECH[ctx.card] or not L.law_player(def.id) then return end
    lift()
    L.discard_law(def.id)
  end,
}

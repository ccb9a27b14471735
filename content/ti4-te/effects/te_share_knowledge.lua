-- Share Knowledge (Deepwrought note): as an action its holder gains one of
-- the Deepwrought player's technologies (not a faction technology or a unit
-- upgrade), kept on the card; at the end of the status phase
-- (rules/te_deepwrought.lua) it is lost and the note goes back.
local L = game.lib

local function options(p, owner)
  local out = {}
  for _, t in ipairs(game.holdings(owner, "techs")) do
    local d = game.data.techs[t]
    if d and not d.faction and not d.unit and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p, owner) return #options(p, owner) > 0 end,
  component = function(p, owner, def)
    local t = game.choose(p, { key = "te.share_knowledge_tech" }, options(p, owner))
    game.grant(p, "techs", t)
    L.reset_cache()
    game.put("player", p, "te_share_knowledge", t)
    game.log({ key = "te.share_knowledge_gains", p = L.pn(p), tech = L.name("techs", t) })
    game.window("tech_gained", { player = p, tech = t, gained = true })
  end,
}

-- Alien Technology (as an action): the player may spend 4 resources (planets
-- and trade goods, never less) for one technology whose prerequisites it has.
local L = game.lib
return {
  usable = function(p) return L.spendable(p, "resources") >= 4 and #L.researchable(p) > 0 end,
  component = function(p)
    local opts = L.researchable(p)
    table.insert(opts, 1, "none")
    local pick = game.choose(p, { key = "ti3.technology_4_resources" }, opts)
    if pick == "none" then return end
    L.pay(p, 4, "resources")
    L.gain_tech(p, pick)
  end,
}

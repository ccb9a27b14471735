-- Alien Technology (as an action): the player may spend 4 resources (planets
-- and trade goods, never less) for one technology whose prerequisites it has.
-- It is a purchase: a ban on purchases (L.tech_purchase_barred) bars it.
local L = game.lib
local function buyable(p)
  local out = {}
  for _, t in ipairs(L.researchable(p)) do
    if not L.tech_purchase_barred(p, t) then out[#out + 1] = t end
  end
  return out
end
return {
  usable = function(p) return L.spendable(p, "resources") >= 4 and #buyable(p) > 0 end,
  component = function(p)
    local opts = buyable(p)
    table.insert(opts, 1, "none")
    local pick = game.choose(p, { key = "ti3.technology_4_resources" }, opts)
    if pick == "none" then return end
    L.pay(p, 4, "resources")
    L.gain_tech(p, pick)
  end,
}

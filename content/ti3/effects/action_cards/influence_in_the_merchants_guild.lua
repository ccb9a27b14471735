-- Influence in the Merchants' Guild (as an action): one trade agreement in
-- play, between any two players, is broken. Agreements nobody may break
-- (L.unbreakable: the Hacan's) cannot be chosen.
local L = game.lib
local function breakable(a) return not (L.unbreakable and L.unbreakable(a)) end
local function list()
  local out = {}
  for _, a in ipairs(game.get("game", nil, "agreements") or {}) do
    if breakable(a) then out[#out + 1] = a end
  end
  return out
end
local function label(a) return L.pn(math.min(a.a, a.b)) .. "-" .. L.pn(math.max(a.a, a.b)) end
return {
  usable = function(p) return #list() > 0 end,
  component = function(p)
    local opts, seen = {}, {}
    for _, a in ipairs(list()) do
      local k = label(a)
      if not seen[k] then seen[k] = true; opts[#opts + 1] = k end
    end
    table.sort(opts)
    local pick = game.choose(p, { key = "ti3.trade_agreement_break" }, opts)
    local keep, done = {}, false
    for _, a in ipairs(game.get("game", nil, "agreements") or {}) do
      if not done and breakable(a) and label(a) == pick then done = true else keep[#keep + 1] = a end
    end
    game.put("game", nil, "agreements", keep)
    game.log({ key = "ti3.trade_agreement_broken", pick = pick })
  end,
}

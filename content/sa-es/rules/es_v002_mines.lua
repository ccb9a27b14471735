-- Shattered Ascension, Spanish rulebook (seed 001 "Unidades"): laying space
-- mines.
--
-- 001 moves the Shattered Empire mines from inside a system to its borders
-- and makes them neutral, one to a border (es_general.lua has the crossing
-- and the one-to-a-border rules). It says nothing of how they are laid, and
-- it has nothing of 000's "two borders of the system for 2 resources"
-- (sa-en, rules/b_general.lua G.deploy_mines). So the SE deployment stands,
-- moved to a border: in the production step of a tactical action, with a
-- cruiser in the activated system, the active player may pay 2 resources to
-- lay ONE mine, on one border of the activated system that has none yet
-- (12 mine tokens, SE).
-- UNCERTAIN (001 is silent): the cruiser condition, the price and "one mine
-- per production step" are the SE rule's; which border is the layer's
-- choice; a cruiser built in that same production step counts, as in sa-en
-- (the SE rule as ti3 reads it does not count it).
local L = game.lib
local G = L.sa_general

if G and G.deploy_mines and G.mine_borders and L.sa_place_mine then
  function G.deploy_mines(p, s)
    local cruiser = false
    for _, u in ipairs(L.ships(p, s)) do
      if (L.def(p, u.kind).type or u.kind) == "cruiser" then cruiser = true end
    end
    if not cruiser or #L.sa_mines() >= G.MINES or L.spendable(p, "resources") < 2 then return end
    local opts = { "none" }
    for _, t in ipairs(G.mine_borders(p, s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "sa_es.lay_mine", system = L.sysname(s), n = 2 }, opts)
    if pick == "none" then return end
    local t = tonumber(pick) or game.system_at(pick)
    L.pay(p, 2, "resources")
    L.sa_place_mine(p, s, t)
  end
end

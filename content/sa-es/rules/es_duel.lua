-- Shattered Ascension, Spanish rulebook (seed 001, appendix 3 "Habilidades
-- Especiales Modificadas", 2-player games), where it differs from sa-en's
-- 2-player rules (seed 000, rules/n_options2.lua install_duel):
--   * Xxcha: after the primary of Diplomacy (or Diplomacy II) he may spend
--     one strategy command counter and 3 influence (000: 2) to use the
--     primary once more. sa-en's offer (2 influence) is not made
--     (L.sa_opt2.xxcha_again_offered) and this one is made instead.
--   * Jol-Nar (not in 000): after the primary of Technology (or Technology
--     II) he may spend 2 resources and one strategy command counter to gain
--     one more technology (its prerequisites met).
--   * Mentak: every second Pillage one trade good from the common area: the
--     same as 000's rule, kept from sa-en (its observer reads sa-es's Pillage
--     prompt too). 001 makes Pillage an action (l.86) that may be taken more
--     than once a round, so each action counts as one use
--     (O2.duel_pillage_use), not each round as in sa-en.
--   * Hacan: the ability 001 calls "Nexo Comercial" that makes him hand
--     trade goods to an opponent is read as his racial technology Production
--     Centers (6 trade goods, 2 of them to another player: the only Hacan
--     ability that gives trade goods away); in 2-player games he hands over
--     1 (ES.HACAN_SHARE), through ti3's L.production_centers_share.
--     UNCERTAIN: the name "Nexo Comercial" is not the card's.
-- Installed after setup, on top of sa-en's 2-player wrappers.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

ES.XXCHA_INFLUENCE = 3
ES.JOLNAR_RESOURCES = 2
ES.HACAN_SHARE = 1

local function faction_id(p) return game.get("player", p, "faction") end

-- sa-en's offer to Xxcha is replaced by xxcha_again below.
local O2 = L.sa_opt2
if O2 then
  function O2.xxcha_again_offered(p, id) return false end
  -- Each Pillage action is one use (effects/races/mentak_pillage.lua counts them).
  function O2.duel_pillage_use(p) return "use:" .. (game.get("player", p, "sa_es_pillage_uses") or 0) end
end
local function duel() return game.num_players() == 2 end

-- Production Centers in 2-player games: 1 trade good to the opponent.
local base_pc_share = L.production_centers_share
function L.production_centers_share(p)
  if duel() then return ES.HACAN_SHARE end
  return base_pc_share(p)
end

local function xxcha_again(p, id)
  local d = game.data.strategy_cards[id]
  if not (d and type(d.handler) == "table" and d.handler.primary) then return end
  local n = ES.XXCHA_INFLUENCE
  if game.counter(p, "strategy") > 0 and L.spendable(p, "influence") >= n
    and game.choose(p, { key = "sa_es.xxcha_primary_again", card = L.name("strategy_cards", id), id = id, n = n }, { "no", "yes" }) == "yes" then
    game.add(p, "strategy", -1)
    L.pay(p, n, "influence")
    game.log({ key = "sa.duel_xxcha_again_done", p = L.pn(p), card = L.name("strategy_cards", id) }
)
    d.handler.primary(p, d, {})
  end
end

local function jolnar_again(p)
  local n = ES.JOLNAR_RESOURCES
  if game.counter(p, "strategy") <= 0 or L.spendable(p, "resources") < n then return end
  local opts = L.researchable(p)
  if #opts == 0 then return end
  if game.choose(p, { key = "sa_es.jolnar_tech_again", n = n }, { "no", "yes" }) ~= "yes" then return end
  local list = {}
  for _, t in ipairs(opts) do list[#list + 1] = t end
  local pick = game.choose(p, { key = "sa.research" }, list)
  game.add(p, "strategy", -1)
  L.pay(p, n, "resources")
  L.gain_tech(p, pick)
end

function ES.install_duel()
  local base_sa = game.procedure_fn("strategic_action")
  procedure("strategic_action", function(ctx)
    local p, id = ctx.player, ctx.card
    if not (duel() and p) then return base_sa(ctx) end
    local f = faction_id(p)
    if f == "xxcha" and (id == "diplomacy" or id == "diplomacy_ii") then
      local r = base_sa(ctx)
      xxcha_again(p, id)
      return r
    end
    local r = base_sa(ctx)
    if f == "jolnar" and (id == "technology" or id == "technology_ii") then jolnar_again(p) end
    return r
  end)
end

game.when_loaded(ES.install_duel)

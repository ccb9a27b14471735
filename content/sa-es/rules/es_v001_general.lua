-- Shattered Ascension, Spanish rulebook (seed 001 "Unidades"): facilities.
--
-- 001 changes one thing in the Shattered Empire facilities: they can be
-- built only on a planet that is not exhausted, and exhausting it is their
-- whole cost (SE: 1 resource, and the planet is exhausted). 001 has nothing
-- of 000's "placed as a refresh ability, instead of refreshing the planet,
-- with no need of earlier control" (sa-en, rules/b_general.lua), so the rest
-- of the SE rule stands, as ti3 models it (options_b.lua, UNCERTAIN there):
-- in the production step of a tactical action, on planets of the activated
-- system that the player has held since before this round, outside home
-- systems and trade stations, with no other player's ships there; one per
-- planet; 8 refineries and 8 colonies.
--
-- Hooking in: sa-en's refresh-step offer is closed (G.facility_ok), ti3's
-- planet list (B.facility_planets, which sa-en empties when setup runs) is
-- kept from before that, and the offer is made after the production step.
--
-- Not changed here:
--   * Refresh abilities (000: used instead of refreshing, whether the planet
--     was exhausted or not): 001 says nothing of refresh abilities at all
--     (its only status-phase rule is the trade goods made from unused
--     resources), so nothing clearly differs; sa-en's rule stays.
--   * Space mine deployment: 001 places SE mines on borders and does not have
--     000's "two borders for 2 resources"; the SE way is one mine (2
--     resources, ti3 options_b) per activation, so under 001 one border
--     (es_v002_mines.lua).
local L = game.lib
local G = L.sa_general
local B = L.optb
local V1 = L.sa_es_v001 or {}
L.sa_es_v001 = V1

local ti3_facility_planets = B and B.facility_planets

if G and B and ti3_facility_planets then
  -- No facilities in the refresh step.
  G.facility_ok = function() return false end

  -- Planets of s where p may build a facility now (001: ready ones only).
  function V1.facility_planets(p, s)
    local out = {}
    for _, pl in ipairs(ti3_facility_planets(p, s)) do
      if not game.exhausted(pl) then out[#out + 1] = pl end
    end
    return out
  end

  function V1.offer_facilities(p, s)
    for _, pl in ipairs(V1.facility_planets(p, s)) do
      local opts = { "none" }
      for _, kind in ipairs({ "colony", "refinery" }) do
        if game.counter("game", "se_" .. kind) < ((B.FACILITIES or {})[kind] or 8) then opts[#opts + 1] = kind end
      end
      if #opts > 1 then
        local pick = game.choose(p, { key = "sa_es.build_facility_exhausting", planet = L.name("planets", pl), id = pl }, opts)
        if pick ~= "none" then
          game.exhaust(pl, true)
          B.build_facility(p, pl, pick)
        end
      end
    end
  end

  game.when_loaded(function()
    local base_prod = game.procedure_fn("production")
    procedure("production", function(ctx)
      local res = table.pack(base_prod(ctx))
      local p, s = ctx and ctx.player, ctx and ctx.system
      if game.options.facilities and p and s and (ctx.se_tactical or ctx.sa_tactical) and ctx.active == p then
        V1.offer_facilities(p, s)
      end
      return table.unpack(res, 1, res.n)
    end)
  end)
end

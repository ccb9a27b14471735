-- Xxcha, Peace Accords: after resolving the primary or the secondary of the
-- Diplomacy card, the player may take control of one planet other than
-- Mecatol Rex that holds no units and lies in a system adjacent to a planet
-- the player controls (a planet is adjacent to its own system, LRR 6.3).
-- Whether the player resolved the secondary (with a token or without one,
-- e.g. through Acquiescence) is ctx.secondary_resolved (L.resolve_secondary,
-- rules/faction_rules.lua). Both are resolved when the strategic action
-- ends; the other players' secondaries only ready their own planets, so
-- this order changes nothing.
local L = game.lib

local function candidates(p)
  local near = {}
  for _, pl in ipairs(L.ability_planets(p)) do
    local s = game.planet_system(pl)
    near[s] = true
    for _, t in ipairs(game.adjacent(s, "adjacency")) do near[t] = true end
  end
  local out = {}
  for _, s in ipairs(game.keys(near)) do
    for _, pl in ipairs(game.planets_of(s)) do
      if not L.is_ability_planet(p, pl) and not L.pdef(pl).custodians and game.count_units { planet = pl } == 0 then
        out[#out + 1] = pl
      end
    end
  end
  table.sort(out)
  return out
end

return {
  ["after:strategic_action"] = function(ctx, p, def)
    if ctx.card ~= "diplomacy" then return end
    if ctx.player ~= p and not (ctx.secondary_resolved and ctx.secondary_resolved[p]) then return end
    local opts = candidates(p)
    if #opts == 0 then return end
    table.insert(opts, 1, "none")
    local pick = game.choose(p, { key = "ti4.peace_accords_pick", ability = L.name("abilities", def.id) }, opts)
    if pick == "none" then return end
    game.log({ key = "ti4.uses_card", p = L.pn(p), card = L.name("abilities", def.id) })
    L.take_control(p, pick, true)
  end,
}

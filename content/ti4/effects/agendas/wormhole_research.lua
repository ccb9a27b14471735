-- Wormhole Research (directive, for/against).
-- For: from the speaker on, each player with at least one ship in a system
-- that has a wormhole (of any kind) may research one technology (at no
-- cost, prerequisites as usual). Then every ship in a system with an alpha
-- or beta wormhole is destroyed (all at once; ground forces left in space
-- without capacity are removed after).
-- Against: each player who voted against takes one command token from a
-- pool of their choice on their command sheet back to reinforcements.
local L = game.lib

-- Systems holding a wormhole (of `kinds`): the tile's or a token's
-- (L.wormholes_in: Creuss's tokens, the Hil Colish's delta).
local function wormhole_systems(kinds)
  local out = {}
  for s = 1, game.num_systems() do
    for _, w in ipairs(L.wormholes_in(s)) do
      if not kinds or kinds[w] then out[#out + 1] = s; break end
    end
  end
  return out
end

local function research(def)
  local systems = wormhole_systems(nil)
  for _, p in ipairs(L.order_from(L.speaker())) do
    local has = false
    for _, s in ipairs(systems) do if #L.ships(p, s) > 0 then has = true end end
    if has then
      local opts = { "none" }
      for _, t in ipairs(L.researchable(p)) do opts[#opts + 1] = t end
      local t = game.choose(p, { key = "ti4.research_technology_for", card = L.name("agendas", def.id) }, opts)
      if t ~= "none" then L.gain_tech(p, t) end
    end
  end
end

local function destroy_ships()
  local systems = wormhole_systems({ alpha = true, beta = true })
  -- Listed first, then destroyed: the ships go all at once.
  local doomed = {}
  for _, s in ipairs(systems) do
    for _, u in ipairs(game.units { system = s, space = true }) do
      if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then doomed[#doomed + 1] = u end
    end
  end
  for _, u in ipairs(doomed) do
    if game.unit_exists(u.id) then
      game.remove_unit(u.id)
      game.log({ key = "ti4.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
    end
  end
  for _, u in ipairs(doomed) do L.unit_destroyed(u) end
  for _, s in ipairs(systems) do
    for p = 1, game.num_players() do L.enforce_limits(p, s) end
  end
end

return {
  resolve = function(outcome, def, tally, voters)
    if outcome == "for" then
      research(def)
      destroy_ships()
      return
    end
    local against = {}
    for _, v in ipairs(voters or {}) do if v.outcome == "against" then against[v.player] = true end end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if against[p] then
        local opts = {}
        for _, pool in ipairs(L.POOLS) do
          if game.counter(p, pool) > 0 then opts[#opts + 1] = pool end
        end
        if #opts > 0 then
          local pool = game.choose(p, { key = "ti4.return_pool_token", card = L.name("agendas", def.id) }, opts)
          game.add(p, pool, -1)
          game.log({ key = "ti4.returns_pool_token", p = L.pn(p), pool = pool,
            tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
        end
      end
    end
  end,
}

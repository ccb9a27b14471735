-- X-89 Bacterial Weapon (original base-game card): ACTION: exhaust this
-- technology and pick a planet in a system where the player has at least one
-- ship with BOMBARDMENT (L.bombardment_of); every infantry on that planet is
-- destroyed.
-- Reading: the card says "all infantry", so the infantry of every player on
-- the planet go, the player's own included (nobody's are spared).
-- It is no use of BOMBARDMENT, so a PLANETARY SHIELD does not stop it (LRR
-- 65.1 and its Q&A). Only planets holding another player's infantry are
-- offered (on any other the action would do nothing, or harm only the
-- player). The component-action step marks it exhausted
-- (player prop "used:x89_bacterial_weapon"); the status phase readies it.
local L = game.lib

local function is_infantry(u) return L.def(u.owner, u.kind).type == "infantry" end

-- The planets p may pick: those holding another player's infantry in the
-- systems where p has a ship with BOMBARDMENT, sorted.
local function targets(p)
  local systems = {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not systems[u.system] and u.carried == nil and L.def(p, u.kind).class == "ship"
      and L.bombardment_of(p, u, { player = p, system = u.system }) then
      systems[u.system] = true
    end
  end
  local out = {}
  for _, s in ipairs(game.keys(systems)) do
    for _, pl in ipairs(game.planets_of(s)) do
      for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
        if is_infantry(u) then out[#out + 1] = pl; break end
      end
    end
  end
  table.sort(out)
  return out
end

return {
  usable = function(p) return #targets(p) > 0 end,
  component = function(p, def)
    local card = L.name("techs", def.id)
    local pl = game.choose(p, { key = "ti4.x89_planet", card = card }, targets(p))
    game.log({ key = "ti4.uses_on_planet", p = L.pn(p), card = card, planet = L.name("planets", pl) })
    local active = game.get("game", nil, "active")
    for _, u in ipairs(game.units { planet = pl }) do
      if is_infantry(u) then
        L.destroy_unit({ id = u.id, kind = u.kind, owner = u.owner },
          { source = p, label = "x-89 bacterial weapon", active = active },
          { key = "ti4.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
      end
    end
  end,
}

-- Star of Death: just before the landings of a tactical action (his own or
-- another player's: the card names no one), the player picks a planet in a
-- system holding one of his war suns (one another player controls or holds
-- units on). Every ground force, PDS and space
-- dock on it is destroyed, it becomes neutral and gets a radiation domain
-- counter, resolved whatever the options (L.domain_counter_live,
-- action_card_seams.lua): the next ground forces to land there die.
local L = game.lib
local function targets(p)
  local seen, out = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if u.system and not seen[u.system] and L.def(p, u.kind).type == "war_sun" then
      seen[u.system] = true
      for _, pl in ipairs(game.planets_of(u.system)) do
        local o = game.planet_owner(pl)
        if (o ~= nil and o ~= p) or game.count_units { planet = pl, not_owner = p } > 0 then out[#out + 1] = pl end
      end
    end
  end
  table.sort(out)
  return out
end
local function scoured(u)
  local d = L.def(u.owner, u.kind)
  local ty = d.type or u.kind
  return d.class == "ground" or ty == "pds" or ty == "space_dock"
end
return {
  when = function(ctx, p) return p ~= nil and #targets(p) > 0 end,
  run = function(ctx, p, def)
    local pl = game.choose(p, { key = "ti3.star_of_death_planet" }, targets(p))
    local card = L.name("action_cards", def.id)
    for _, u in ipairs(game.units { planet = pl }) do
      if scoured(u) then
        L.destroy_unit(u, { source = p, label = card, system = game.planet_system(pl) },
          { key = "ti3.unit_destroyed_by", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, card = card })
      end
    end
    if game.planet_owner(pl) ~= nil then
      game.set_owner(pl, nil)
      game.log({ key = "ti3.becomes_neutral", planet = L.name("planets", pl) })
    end
    game.put("planet", pl, "se_ds", "ds_radiation")
    game.put("planet", pl, "se_ds_revealed", true)
    game.put("planet", pl, "radiation_card", true)
    game.log({ key = "ti3.radiation_counter_placed", planet = L.name("planets", pl) })
  end,
}

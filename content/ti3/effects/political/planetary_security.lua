-- Planetary Security (law, For/Against).
-- For: at once, every controlled planet outside all home systems with none of
-- its owner's ground forces (shock troops count) on it becomes neutral. The
-- law then stays in play with no further effect (the card says
-- "immediately"; our reading is a one-time check).
-- UNCERTAIN (the card does not say): the former owner's PDS and space docks
-- on such a planet are removed, since in TI3 a player's structures stand only
-- on planets he controls.
-- Against: no effect.
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "planetary_security") end

return {
  resolve = function(outcome, def)
    if outcome ~= "for" then return end
    local homes = {}
    for p = 1, game.num_players() do
      local h = L.home(p)
      if h then homes[h] = true end
    end
    for p = 1, game.num_players() do
      local planets = game.planets_owned(p)
      table.sort(planets)
      for _, pl in ipairs(planets) do
        if not homes[game.planet_system(pl)] and #L.ground(p, pl) == 0 then
          for _, u in ipairs(game.units { planet = pl, owner = p }) do
            game.remove_unit(u.id)
            game.log({ key = "ti3.unit_removed", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) })
          end
          game.set_owner(pl, nil)
          game.log({ key = "ti3.not_garrisoned_it_becomes", planet = L.name("planets", pl), card = NAME() })
        end
      end
    end
  end,
}

-- Nanomachines (Ral Nel): an ACTION, exhausting the card, with three uses:
-- put a PDS on a planet the holder controls, repair every damaged unit of
-- theirs, or discard one action card to draw one.
local L = game.lib

local function pds_planets(p)
  local out = {}
  -- (ti4's L.structure_room: one left in reinforcements or back from the
  -- board, LRR 23.4a; two PDS a planet unless Homeland Defense Act; no unit
  -- placed under Demilitarized Zone or on a space station)
  for _, pl in ipairs(game.planets_owned(p)) do
    if not L.te_is_station(pl) and L.structure_room(p, "pds", pl) then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end
local function damaged(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do if u.damaged then out[#out + 1] = u end end
  return out
end
local function uses(p)
  local out = {}
  if #pds_planets(p) > 0 then out[#out + 1] = "pds" end
  if #damaged(p) > 0 then out[#out + 1] = "repair" end
  if game.zone_count("actions:" .. p) > 0 then out[#out + 1] = "cycle" end
  return out
end

return {
  usable = function(p) return #uses(p) > 0 end,
  component = function(p, def)
    local use = game.choose(p, { key = "te.nanomachines_use" }, uses(p))
    if use == "pds" then
      local pl = game.choose(p, { key = "te.nanomachines_pds" }, pds_planets(p))
      if not L.structure_replaced(p, "pds", pl) then
        if L.place_unit(p, "pds", { planet = pl }) then
          game.log({ key = "te.places_pds", p = L.pn(p), planet = L.name("planets", pl) })
          game.window("structure_placed", { player = p, kind = "pds", planet = pl, system = game.planet_system(pl) })
        end
      end
    elseif use == "repair" then
      for _, u in ipairs(damaged(p)) do game.put("unit", u.id, "damaged", nil) end
      game.log({ key = "te.repairs_units", p = L.pn(p) })
    else
      local hand, seen = {}, {}
      for _, c in ipairs(game.zone("actions:" .. p)) do
        if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
      end
      table.sort(hand)
      local c = game.choose(p, { key = "te.action_card_to_discard" }, hand)
      L.discard_action_card(p, c)
      game.log({ key = "te.discards_action_card", p = L.pn(p), card = L.name("action_cards", c) })
      L.draw("deck:actions", "discard:actions", "actions:" .. p, 1)
    end
  end,
}

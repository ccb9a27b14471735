-- Dispute Resolution (directive, elect two planets).
-- The council elects two planets controlled by two different players,
-- neither Mecatol Rex nor a planet of a home system (options "a+b"): every
-- ground force (shock troops too) and PDS on both is destroyed and both
-- become neutral. With no such pair the card has no outcome and is
-- discarded.
local L = game.lib
local function NAME() return L.name("political_cards", "dispute_resolution") end
local function eligible(pl)
  if pl == "mecatol_rex" then return false end
  local s = game.planet_system(pl)
  for p = 1, game.num_players() do if L.home(p) == s then return false end end
  return true
end
return {
  outcomes = function(def, opts)
    local list = {}
    for p = 1, game.num_players() do
      for _, pl in ipairs(game.planets_owned(p)) do
        if eligible(pl) then list[#list + 1] = pl end
      end
    end
    table.sort(list)
    local out = {}
    for i = 1, #list do
      for j = i + 1, #list do
        if game.planet_owner(list[i]) ~= game.planet_owner(list[j]) then out[#out + 1] = list[i] .. "+" .. list[j] end
      end
    end
    return out
  end,
  resolve = function(outcome, def)
    local a, b = outcome:match("^([^+]+)%+([^+]+)$")
    if not a then return end
    for _, pl in ipairs({ a, b }) do
      for _, u in ipairs(game.units { planet = pl }) do
        local d = L.def(u.owner, u.kind)
        if d.class == "ground" or d.type == "pds" then
          L.destroy_unit(u, { label = NAME() }, { key = "ti3.unit_destroyed_by", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, card = NAME() })
        end
      end
      game.set_owner(pl, nil)
      game.log({ key = "ti3.planet_becomes_neutral", planet = L.name("planets", pl), card = NAME() })
    end
  end,
}

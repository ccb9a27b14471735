-- Fighter Prototype (TACS, as an action): one of the player's fighters does
-- a medium cannon's damage with its light cannon and has 2 more hit points.
local L = game.lib
local function fighters(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if (L.def(p, u.kind).type or u.kind) == "fighter" and not game.get("unit", u.id, "tacs_damage_as") then out[#out + 1] = u end
  end
  return out
end
return {
  usable = function(p) return #fighters(p) > 0 end,
  component = function(p)
    local opts, by = {}, {}
    for _, u in ipairs(fighters(p)) do opts[#opts + 1] = u.kind .. "#" .. u.id; by[opts[#opts]] = u end
    local u = by[game.choose(p, { key = "tacs.prototype_fighter" }, opts)]
    local hp = L.tacs_hp(u)
    game.put("unit", u.id, "tacs_damage_as", "M")
    game.put("unit", u.id, "tacs_extra_hp", 2)
    L.tacs_set_hp(u, hp + 2)
    game.log({ key = "tacs.prototype", p = L.pn(p), unit = u.kind .. "#" .. u.id })
  end,
}

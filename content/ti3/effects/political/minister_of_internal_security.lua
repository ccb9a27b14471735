-- Minister of Internal Security (elect a player, law): the elected player
-- keeps the card and may discard it at any time - offered as each of his
-- turns starts (the pack's "at any time" window for cards) - to destroy up
-- to 4 of the other players' ground forces on Mecatol Rex at once (his
-- choice which). Handlers with p == nil are the law's.
local L = game.lib
local function targets(h)
  local out = {}
  for _, u in ipairs(game.units { planet = "mecatol_rex" }) do
    if u.owner ~= h and L.def(u.owner, u.kind).class == "ground" then out[#out + 1] = u end
  end
  return out
end
return {
  resolve = function() end,
  turn_start = function(ctx, p, def)
    if p ~= nil then return end
    local r = game.get("game", nil, "law:" .. def.id)
    local h = r and tonumber(r:match("^p(%d+)$"))
    if not h or ctx.player ~= h or #targets(h) == 0 then return end
    if game.choose(h, { key = "ti3.use_minister_internal_security", card = L.name("political_cards", def.id) }, { "no", "yes" }) ~= "yes" then return end
    game.move_card(def.id, "laws", "discard:politics")
    game.revoke("game", "political_cards", def.id)
    game.put("game", nil, "law:" .. def.id, nil)
    game.log({ key = "ti3.discards_law", p = L.pn(h), card = L.name("political_cards", def.id) })
    for _ = 1, 4 do
      local list = targets(h)
      if #list == 0 then break end
      local opts, by = { "done" }, {}
      for _, u in ipairs(list) do
        local o = u.kind .. "#" .. u.id
        opts[#opts + 1] = o
        by[o] = u
      end
      local pick = game.choose(h, { key = "ti3.ground_force_to_destroy_mecatol" }, opts)
      if pick == "done" then break end
      L.destroy_unit(by[pick], { source = h, label = L.name("political_cards", def.id), system = by[pick].system })
    end
  end,
}

-- Mageon Implants (Yssaril): ACTION: exhaust it to see another player's
-- hand of action cards and add one of them to the player's own (hand
-- limit checked after).
local L = game.lib

return {
  usable = function(p)
    for q = 1, game.num_players() do
      if q ~= p and game.zone_count("actions:" .. q) > 0 then return true end
    end
    return false
  end,
  component = function(p, def)
    local opts = {}
    for q = 1, game.num_players() do
      if q ~= p and game.zone_count("actions:" .. q) > 0 then opts[#opts + 1] = L.pn(q) end
    end
    local name = L.name("techs", def.id)
    local q = tonumber(game.choose(p, { key = "ti4.mageon_player", card = name }, opts):match("^p(%d+)$"))
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone("actions:" .. q)) do
      if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
    end
    table.sort(hand)
    local c = game.choose(p, { key = "ti4.mageon_card", card = name, q = L.pn(q) }, hand)
    game.move_card(c, "actions:" .. q, "actions:" .. p)
    game.log({ key = "ti4.mageon_takes", p = L.pn(p), q = L.pn(q), card = name })
    game.call("hand_limit", p)
  end,
}

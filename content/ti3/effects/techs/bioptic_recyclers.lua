-- Bioptic Recyclers (Winnu): once per game round, as an action, discard an
-- action card to gain 2 trade goods or one command counter.
local L = game.lib
local function round() return game.get("game", nil, "round") or 0 end
return {
  usable = function(p)
    return game.zone_count("actions:" .. p) > 0 and game.get("player", p, "bioptic_round") ~= round()
  end,
  component = function(p, def)
    local name = L.name("racial_techs", def.id)
    game.put("player", p, "bioptic_round", round())
    local hand, seen = {}, {}
    for _, c in ipairs(game.zone("actions:" .. p)) do
      if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
    end
    table.sort(hand)
    local c = game.choose(p, { key = "ti3.choose_discard", name = name }, hand)
    game.move_card(c, "actions:" .. p, "discard:actions")
    game.log({ key = "ti3.discards_card_for", p = L.pn(p), card = L.name("action_cards", c), name = name })
    local opts = { "2 trade goods" }
    if L.reinforcements(p) > 0 then opts[#opts + 1] = "1 command counter" end
    if game.choose(p, { key = "ti3.card_gain", card = name }, opts) == "2 trade goods" then
      L.gain_tg(p, 2, name)
    else
      local pool = game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS)
      game.add(p, pool, 1)
      game.log({ key = "ti3.gains_command_counter_for", p = L.pn(p), name = name })
    end
  end,
}

-- Bioptic Recyclers (Winnu) in TACS: at any time (here: at the start of each
-- of his turns, as often as he likes), the owner may discard an action card
-- to gain 2 trade goods or 1 command counter.
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p and game.zone_count("actions:" .. p) > 0 end,
  run = function(ctx, p, def)
    local name = L.name("racial_techs", def.id)
    while game.zone_count("actions:" .. p) > 0 do
      local hand, seen = { "none" }, {}
      for _, c in ipairs(game.zone("actions:" .. p)) do
        if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
      end
      table.sort(hand, function(a, b) return a == "none" or (b ~= "none" and a < b) end)
      local c = game.choose(p, { key = "ti3.choose_discard", name = name }, hand)
      if c == "none" then return end
      game.move_card(c, "actions:" .. p, "discard:actions")
      game.log({ key = "ti3.discards_card_for", p = L.pn(p), card = L.name("action_cards", c), name = name })
      local opts = { "2 trade goods" }
      if L.reinforcements(p) > 0 then opts[#opts + 1] = "1 command counter" end
      if game.choose(p, { key = "ti3.card_gain", card = name }, opts) == "2 trade goods" then
        L.gain_tg(p, 2, name)
      else
        game.add(p, game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS), 1)
        game.log({ key = "ti3.gains_command_counter_for", p = L.pn(p), name = name })
      end
    end
  end,
}

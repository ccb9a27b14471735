-- Black Ops (Firmament note): received by another player, the Firmament
-- player may put a plot with that player's control token in play; the
-- receiver gains 2 command tokens and 2 trade goods; the note is purged.
local L = game.lib
return {
  received = function(p, owner, def, card)
    if game.get("player", p, "faction") == "firmament" then return end
    if game.confirm(owner, { key = "te.black_ops_plot", q = L.pn(p) }) then L.te_add_plot(owner, p) end
    for _ = 1, 2 do
      if L.reinforcements(p) > 0 then game.add(p, game.choose(p, { key = "ti4.place_command_token" }, L.token_pools(p)), 1) end
    end
    game.add(p, "tg", 2)
    game.log({ key = "te.black_ops_gains", p = L.pn(p), note = L.name("promissory_notes", def.id) })
    game.move_card(card, "notes:" .. p, "purged")
  end,
}

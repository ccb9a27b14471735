-- Support for the Throne: received by a player other than its owner, it goes
-- face up into their play area and they gain 1 victory point; when it goes
-- back (they activated a system with the owner's units) they lose it.
local L = game.lib
return {
  received = function(p, owner, def, card)
    game.move_card(card, "notes:" .. p, "notes_area:" .. p)
    game.log({ key = "ti4.note_in_play_area", p = L.pn(p), note = L.note_label(card) })
    L.gain_vp(p, 1, L.name("promissory_notes", def.id))
  end,
  returned = function(p, owner, def)
    game.add(p, "vp", -1)
    game.log({ key = "ti4.loses_vp", p = L.pn(p), card = L.name("promissory_notes", def.id), vp = game.counter(p, "vp") })
  end,
}

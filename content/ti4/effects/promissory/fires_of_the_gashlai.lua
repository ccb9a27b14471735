-- Fires of the Gashlai: ACTION: one token of the Muaat player's fleet pool
-- goes back to their reinforcements and the holder gains the war sun unit
-- upgrade. Usable while the Muaat player has a fleet token and the holder
-- lacks the war sun.
local L = game.lib
return {
  usable = function(p, owner)
    return game.counter(owner, "fleet") > 0 and not game.holds(p, "techs", "war_sun")
  end,
  component = function(p, owner, def)
    game.add(owner, "fleet", -1)
    game.log({ key = "ti4.token_to_reinforcements", q = L.pn(owner), pool = "fleet", note = L.name("promissory_notes", def.id) })
    game.grant(p, "techs", "war_sun")
    L.reset_cache()
    game.log({ key = "ti4.note_gains_tech", p = L.pn(p), tech = L.name("techs", "war_sun"), note = L.name("promissory_notes", def.id) })
    game.window("tech_gained", { player = p, tech = "war_sun", gained = true })
  end,
}

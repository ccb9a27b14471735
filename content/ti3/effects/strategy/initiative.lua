-- Initiative: its holder becomes speaker, uses other cards' secondaries
-- without paying, takes no strategic action this round, and may not take
-- Initiative again next round (`no_repeat`).
local L = game.lib
return {
  chosen = function(p, def)
    game.put("game", nil, "speaker", p)
    game.log({ key = "ti3.is_speaker", p = L.pn(p) })
    game.put("player", p, "free_secondaries", true)
    game.put("game", nil, "sc_used:" .. def.id, true)
  end,
}

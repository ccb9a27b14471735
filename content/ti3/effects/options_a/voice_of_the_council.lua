-- Voice of the Council (option voice_of_the_council): the player who controls
-- the objective has 5 more votes in every vote he casts. (SA, used because
-- the TI3/SE files are silent on it: the SA card reads "5 bonus votes as long
-- as you qualify"; UNCERTAIN for SE.) The election itself is
-- effects/objectives/voice_of_the_council.lua.
local L = game.lib
return {
  votes_cast = function(ctx)
    if game.get("game", nil, "objective_controller:voice_of_the_council") == ctx.player then
      ctx.votes = (ctx.votes or 0) + 5
      game.log(L.pn(ctx.player) .. " has 5 more votes as the Voice of the Council")
    end
  end,
}
